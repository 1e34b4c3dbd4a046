import type { ExecutionRecord, RobotExecutionRecord } from '@fleetlab/warehouse';
import { useState } from 'react';
import {
  formatCompletionTime,
  formatDistance,
  formatMinutes,
  formatPath,
  formatPercent1,
  formatPercent2,
  taskLabel,
} from '../../lib/display-format.ts';
import {
  hasBatteryLevels,
  robotMetrics,
  stepDistance,
  type PlanParameters,
  type RobotPlan,
} from '../../lib/plan-model.ts';
import { card, focusRing } from '../ui/styles.ts';
import { BatteryHistoryChart } from './battery-history-chart.tsx';
import { BatteryLevelsTable } from './battery-levels-table.tsx';
import { blockedS } from './execution-figures.ts';
import { StepTable } from './step-table.tsx';

const TASK_STEP_COLUMNS = ['#', 'Task', 'Path', 'Distance', 'Total Distance', 'Completion Time', 'Battery'];

export interface RobotDetailsProps {
  readonly plan: RobotPlan;
  readonly parameters?: PlanParameters | null;
  readonly defaultOpen?: boolean;
  /** This robot on the shared floor, when the solve was executed. */
  readonly executed?: RobotExecutionRecord | null;
}

/** One robot's expandable solution details (spec §2 'When completed'). */
function RobotDetails({ plan, parameters, defaultOpen = false, executed = null }: RobotDetailsProps) {
  const [open, setOpen] = useState(defaultOpen);
  const metrics = robotMetrics(plan.steps, parameters);
  const panelId = `robot-details-${plan.robotId}`;
  const figures: [string, string][] = [
    ['Deliveries', String(metrics.deliveries)],
    ['Distance', formatDistance(metrics.distance)],
    ['Completion Time', formatCompletionTime(metrics.completionTime)],
    ['Recharges', String(metrics.recharges)],
    ['Recharge Time', formatMinutes(metrics.rechargeMinutes)],
    ['Final Battery', formatPercent2(metrics.finalBattery)],
    ['Min Battery Level', metrics.minBattery === null ? 'N/A' : formatPercent1(metrics.minBattery)],
    ['Avg Battery Level', metrics.avgBattery === null ? 'N/A' : formatPercent1(metrics.avgBattery)],
  ];
  if (executed) {
    figures.push(
      ['Finish With Traffic', formatCompletionTime(executed.finish_s)],
      ...(executed.finish_distance_m === undefined
        ? []
        : ([['Distance With Traffic', formatDistance(executed.finish_distance_m)]] as [string, string][])),
      ['Waiting for Robots', formatCompletionTime(blockedS(executed))],
      ...(executed.dock_queue_s === undefined
        ? []
        : ([['Dock Queue', formatCompletionTime(executed.dock_queue_s)]] as [string, string][])),
      ['Charger Queue', formatCompletionTime(executed.queued_s)],
      ['Charges With Traffic', String(executed.charges.length)],
    );
  }

  return (
    <div className="rounded-lg border border-slate-800 bg-slate-950/40">
      <button
        type="button"
        className={`flex w-full items-center justify-between gap-3 px-4 py-3 text-left ${focusRing}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="font-mono font-semibold text-white">{plan.robotId}</span>
        <span className="text-xs text-slate-400">
          {plan.steps.length === 0
            ? 'No tasks'
            : `${metrics.deliveries} deliveries · ${formatDistance(metrics.distance)} · ${formatCompletionTime(metrics.completionTime)}`}
          <span aria-hidden="true" className="ml-3 text-slate-500">
            {open ? '▲' : '▼'}
          </span>
        </span>
      </button>
      {open && (
        <div id={panelId} className="space-y-5 border-t border-slate-800 px-4 py-4">
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Performance metrics of ${plan.robotId}`}>
            {figures.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-slate-400">{label}</dt>
                <dd className="font-semibold text-slate-100">{value}</dd>
              </div>
            ))}
          </dl>

          {plan.steps.length === 0 ? (
            <p className="text-sm text-slate-400">No tasks assigned to this robot</p>
          ) : (
            <>
              <StepTable
                caption="Tasks"
                columns={TASK_STEP_COLUMNS}
                stepCount={plan.steps.length}
                renderStep={(index) => {
                  const step = plan.steps[index];
                  const path = formatPath(step.path);
                  return (
                    <>
                      <td className="py-1.5 pr-3">{index + 1}</td>
                      <td className="py-1.5 pr-3">{taskLabel(step)}</td>
                      <td className="max-w-md truncate py-1.5 pr-3 font-mono text-xs" title={path}>
                        {path}
                      </td>
                      <td className="py-1.5 pr-3">{formatDistance(stepDistance(plan.steps, index))}</td>
                      <td className="py-1.5 pr-3">{formatDistance(step.total_distance)}</td>
                      <td className="py-1.5 pr-3">{formatCompletionTime(step.completion_time)}</td>
                      <td className="py-1.5">
                        {typeof step.battery_remaining === 'number' ? formatPercent1(step.battery_remaining) : 'N/A'}
                      </td>
                    </>
                  );
                }}
              />
              <BatteryLevelsTable steps={plan.steps} parameters={parameters} />
              {hasBatteryLevels(plan.steps) && <BatteryHistoryChart steps={plan.steps} parameters={parameters} />}
            </>
          )}
        </div>
      )}
    </div>
  );
}

export interface RobotDetailsListProps {
  readonly plans: readonly RobotPlan[];
  readonly parameters?: PlanParameters | null;
  readonly execution?: ExecutionRecord | null;
}

export function RobotDetailsList({ plans, parameters, execution = null }: RobotDetailsListProps) {
  return (
    <section className={`${card} p-5`} aria-labelledby="robot-details-title">
      <h2 id="robot-details-title" className="mb-4 text-lg font-semibold text-white">
        Solution Details
      </h2>
      <div className="space-y-2">
        {plans.map((plan) => (
          <RobotDetails
            key={plan.robotId}
            plan={plan}
            parameters={parameters}
            executed={execution?.robots[plan.robotId] ?? null}
          />
        ))}
      </div>
    </section>
  );
}
