import { algorithmLabelOf, tightestBoundOf, type ExecutionRecord } from '@fleetlab/warehouse';
import type { ReactNode } from 'react';
import {
  formatChargePerDelivery,
  formatCompletionTime,
  formatDistance,
  formatGap,
  formatGrouped,
  formatMinutes,
  formatRuntime,
  isProvenOptimal,
} from '../../lib/display-format.ts';
import type { PlanStats, PlanSummary } from '../../lib/plan-model.ts';
import { card } from '../ui/styles.ts';
import {
  executionTotalsOf,
  type FloorLine,
  floorLines,
  reserveFromFloorLine,
  trafficChoiceLine,
} from './execution-figures.ts';

export interface Figure {
  readonly label: string;
  readonly value: string;
  readonly note?: string | null;
}

/** Figures as cards that wrap to the width: the label, the value large, and what it is under it. */
/** Figures as labelled lines (label, value, what it means), one per row: the shared floor's and a shift's stops. */
export function FigureLines({
  label,
  testId,
  lines,
  className = '',
}: {
  readonly label: string;
  readonly testId: string;
  readonly lines: readonly FloorLine[];
  readonly className?: string;
}) {
  return (
    <dl
      aria-label={label}
      className={`divide-y divide-slate-800 rounded-lg border border-slate-800 bg-slate-950/60 ${className}`}
    >
      {lines.map((line) => (
        <div
          key={line.label}
          data-testid={testId}
          className="grid gap-x-4 gap-y-0.5 px-3 py-2 sm:grid-cols-[12rem_9rem_1fr] sm:items-baseline"
        >
          <dt className="text-sm font-semibold text-slate-200">{line.label}</dt>
          <dd className="text-sm font-semibold tabular-nums text-white">{line.value}</dd>
          <dd className="text-xs text-slate-400">{line.meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FigureCards({ figures }: { readonly figures: readonly Figure[] }) {
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3">
      {figures.map((figure) => (
        <div
          key={figure.label}
          data-testid="summary-figure"
          className="min-w-0 rounded-lg border border-slate-800 bg-slate-950/60 p-3"
        >
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-400">{figure.label}</dt>
          <dd className="mt-1 break-words text-lg font-semibold tabular-nums text-white">{figure.value}</dd>
          {figure.note && <dd className="mt-1 text-xs text-slate-400">{figure.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

export interface ResultsSummaryProps {
  readonly summary: PlanSummary;
  readonly stats: PlanStats | null;
  /** The plan run on the shared floor, when the solve has it: its robots split the waiting exactly. */
  readonly execution?: ExecutionRecord | null;
  /** Shown beside the heading (the page's 'Sweep this solve'). */
  readonly actions?: ReactNode;
  /** One-lane aisles of the solve's floor that run both ways: the Detours line names them. */
  readonly twoWayLanes?: number;
}

/** Why the solve ended (stats.stop_reason), in the planner's words. */
const STOP_REASON_TEXTS: Record<string, string> = {
  optimal: 'proven optimal',
  stalled: 'stopped: no better plan found for a while',
  time_limit: 'stopped at the time limit',
  iteration_limit: 'stopped at the iteration limit',
};

/** How the search ended; a plan that meets its lower bound is proven optimal, whatever stopped the search. */
function stopText(stats: PlanStats | null, gap: number | null): string | null {
  if (isProvenOptimal(gap)) return 'proven optimal';
  return typeof stats?.stop_reason === 'string' ? (STOP_REASON_TEXTS[stats.stop_reason] ?? null) : null;
}

/**
 * Spec §2 results summary (Battery Efficiency, a constant of the settings, gives way to the
 * battery a delivery takes), the solver's lower bound, and, when the solve was executed, the
 * plan against the floor: Planned, With traffic and the delay split, one line each.
 */
export function ResultsSummary({ summary, stats, execution = null, actions, twoWayLanes = 0 }: ResultsSummaryProps) {
  const bound = tightestBoundOf(stats);
  const figures: Figure[] = [
    { label: 'Total Deliveries', value: formatGrouped(summary.totalDeliveries) },
    { label: 'Total Distance', value: formatDistance(summary.totalDistance) },
    { label: 'Max Completion Time', value: formatCompletionTime(summary.maxCompletionTime) },
    { label: 'Total Recharges', value: formatGrouped(summary.totalRecharges) },
    { label: 'Total Recharge Time', value: formatMinutes(summary.totalRechargeMinutes) },
    {
      label: 'Battery per Delivery',
      value: formatChargePerDelivery(summary.chargePerDelivery),
      note: 'of a full charge, per delivery on average',
    },
  ];
  if (bound) {
    figures.push({
      label: 'Lower Bound',
      value: formatCompletionTime(bound.boundS),
      note: formatGap(bound.gap, bound.name, {
        recharges: summary.totalRecharges,
        charger_queue_s: stats?.charger_queue_s,
        dock_queue_s: stats?.dock_queue_s,
      }),
    });
  }
  const totals = executionTotalsOf(stats);
  const executionError = typeof stats?.execution_error === 'string' ? stats.execution_error : null;
  const ended = stopText(stats, bound?.gap ?? null);
  const choice = trafficChoiceLine(stats);
  const reserve = reserveFromFloorLine(stats);
  return (
    <section className={`${card} p-5`} aria-labelledby="results-summary-title">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="results-summary-title" className="text-lg font-semibold text-white">
          Results Summary
        </h2>
        <div className="flex flex-wrap items-baseline gap-4">
          {stats?.algorithm && (
            <p className="text-xs text-slate-400">
              Planned by <span className="text-slate-200">{algorithmLabelOf(stats.algorithm)}</span>
              {typeof stats.runtime_ms === 'number' && ` in ${formatRuntime(stats.runtime_ms)}`}
              {ended && ` (${ended})`}
            </p>
          )}
          {actions}
        </div>
      </div>
      <FigureCards figures={figures} />
      {totals && (
        <>
          <h3 className="mb-2 mt-5 text-sm font-semibold text-slate-200">The plan on the shared floor</h3>
          <FigureLines
            label="The plan on the shared floor"
            testId="floor-line"
            lines={[
              ...floorLines(totals, execution?.robots, execution?.step_s, stats ?? {}, twoWayLanes),
              ...(choice ? [choice] : []),
              ...(reserve ? [reserve] : []),
            ]}
          />
        </>
      )}
      {executionError && (
        <p className="mt-4 text-sm text-amber-300">The plan could not run on the shared floor: {executionError}</p>
      )}
    </section>
  );
}
