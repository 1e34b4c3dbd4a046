import { findOneLaneAisles, type ExecutionRecord, type ShiftParametersRecord } from '@fleetlab/warehouse';
import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { planStatsOf, robotPlansOf, summarisePlan, type PlanParameters, type RobotPlan } from '../../lib/plan-model.ts';
import { nodePositionsOf, type PositionedEnvironment } from '../../player/node-positions.ts';
import { toLayoutScene, type LooseEnvironmentShape } from '../../map-drawing/layout-scene.ts';
import { CongestionMap } from './congestion-map.tsx';
import { buildGanttChart, edgeWeightsOf } from './gantt-model.ts';
import { GanttTimeline } from './gantt-timeline.tsx';
import { FieldExportButtons } from './field-export-buttons.tsx';
import { PlanExportButtons } from './plan-export-buttons.tsx';
import { executionTotalsOf } from './execution-figures.ts';
import { ResultsSummary } from './results-summary.tsx';
import { RobotDetailsList } from './robot-details.tsx';
import { shiftEndSOf, shiftStatsOf } from './shift-figures.ts';
import { ShiftSummary } from './shift-summary.tsx';
import { TimeBreakdownChart } from './time-breakdown-chart.tsx';
import { buttonSecondary } from '../ui/styles.ts';

/** The parts of a solve record (spec §3) the results read. */
export interface ResultsSolve {
  readonly id: number | string;
  readonly parameters?: (PlanParameters & { readonly shift?: Partial<ShiftParametersRecord> }) | null;
  readonly results?: Readonly<Record<string, unknown>> | null;
  /** The solve's figures; plans from elsewhere may carry them as `results.stats` (spec §3 allows it). */
  readonly stats?: Readonly<Record<string, unknown>> | null;
  /** The plan run with every robot on the floor (GET /solves/{id}). */
  readonly execution?: ExecutionRecord | null;
  /** Some records carry the plan under `result`. */
  readonly result?: Readonly<Record<string, unknown>> | null;
}

export type ResultsEnvironment = PositionedEnvironment &
  LooseEnvironmentShape & {
    readonly graph?: {
      readonly nodes?: readonly { readonly id: string; readonly x: number; readonly y: number }[];
      readonly edges?: readonly { readonly from: string; readonly to: string; readonly weight: number }[];
    } | null;
  };

const NO_PLANS: readonly RobotPlan[] = [];

function resultsOf(solve: ResultsSolve): Readonly<Record<string, unknown>> | null {
  return solve.results ?? solve.result ?? null;
}

export interface SolveResultsProps {
  readonly solve: ResultsSolve;
  readonly environment?: ResultsEnvironment | null;
  /** Rendered between the summary and the timeline: the page passes the path player here. */
  readonly player?: ReactNode;
}

/**
 * Everything a completed solve shows about its plan (spec §2 'When completed'): summary with
 * lower bound and gap (a shift's KPIs and charts instead, for a shift solve), the player slot,
 * where the time goes and the congestion map (when the solve was executed), a timeline of all
 * robots, plan export, and each robot's expandable details.
 */
export function SolveResults({ solve, environment, player }: SolveResultsProps) {
  const results = resultsOf(solve);
  const parameters = solve.parameters ?? null;
  const plans = useMemo(() => robotPlansOf(results), [results]);
  const stats = planStatsOf(solve.stats ?? results?.stats);
  const summary = useMemo(() => summarisePlan(plans, parameters), [plans, parameters]);
  // The timeline and the robots' details of a 400-robot day follow in a second, interruptible
  // render, so the summary is on screen first.
  const detailPlans = useDeferredValue(plans, NO_PLANS);
  const chart = useMemo(
    () =>
      buildGanttChart(detailPlans, parameters, {
        edgeWeights: edgeWeightsOf(environment?.graph),
        positions: environment ? nodePositionsOf(environment) : undefined,
      }),
    [detailPlans, parameters, environment],
  );
  // The floor's one-lane aisles left two-way, which the Detours line names when robots detoured.
  const twoWayLanes = useMemo(() => {
    if (!environment) return 0;
    const { dimensions, elements } = toLayoutScene(environment);
    return findOneLaneAisles(dimensions, elements.shelves, elements.one_way_aisles).length;
  }, [environment]);
  const makespan = typeof stats?.makespan_s === 'number' ? stats.makespan_s : summary.maxCompletionTime;
  const shift = shiftStatsOf(stats);
  const shiftEndS = shift ? shiftEndSOf(shift) : undefined;
  const sweep = (
    <Link to={`/experiments/create?solve_id=${solve.id}`} className={`${buttonSecondary} px-3 py-1.5`}>
      Sweep this solve
    </Link>
  );

  return (
    <div className="space-y-6">
      {shift ? (
        <ShiftSummary
          shift={shift}
          asked={parameters?.shift}
          algorithm={stats?.algorithm}
          actions={sweep}
          totals={executionTotalsOf(stats)}
        />
      ) : (
        <ResultsSummary
          summary={summary}
          stats={stats}
          execution={solve.execution ?? null}
          actions={sweep}
          twoWayLanes={twoWayLanes}
        />
      )}
      {player}
      {solve.execution && <TimeBreakdownChart execution={solve.execution} shiftEndS={shiftEndS} />}
      {solve.execution && environment && (
        <CongestionMap
          environment={environment}
          heatmap={solve.execution.heatmap}
          chargerQueueS={solve.execution.totals.charger_queue_s}
          dockQueueS={solve.execution.totals.dock_queue_s}
          shift={shift !== null}
        />
      )}
      <GanttTimeline
        chart={chart}
        makespan={shiftEndS ?? makespan}
        markLabel={shiftEndS === undefined ? 'Makespan' : 'Shift end'}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-400">
          Download the plan as CSV (one row per step), or the whole solve as JSON: settings, plan, makespan, bound and
          gap, the run on the floor and shift figures.
        </p>
        <PlanExportButtons solve={solve} results={results} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-400">
          Hand it on: the run on the floor for PlanViz, or the plan as VDA 5050 orders for a fleet manager.
        </p>
        <FieldExportButtons
          solveId={solve.id}
          environment={environment}
          results={results}
          execution={solve.execution}
          robotSpeed={parameters?.robot_speed}
        />
      </div>
      <RobotDetailsList plans={detailPlans} parameters={parameters} execution={solve.execution ?? null} />
    </div>
  );
}
