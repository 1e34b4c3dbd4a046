import {
  BATTERY_COLOUR_HEX,
  BATTERY_STATUS_LIMITS,
  batteryBarWidth,
  batteryStatus,
  batteryStatusColour,
  formatPercent1,
  rechargeDurationText,
  taskTypeText,
  type BatteryStatus,
} from '../../lib/display-format.ts';
import type { PlanParameters, PlanStep } from '../../lib/plan-model.ts';
import { StepTable } from './step-table.tsx';

// Each status in its bar's colour: red, yellow, green.
const STATUS_TONES: Record<BatteryStatus, string> = {
  'Low Battery': 'bg-red-500/15 text-red-300 ring-red-500/40',
  Full: 'bg-green-500/15 text-green-300 ring-green-500/40',
  Normal: 'bg-yellow-500/15 text-yellow-200 ring-yellow-500/40',
};

function BatteryBar({ level, status }: { readonly level: number; readonly status: BatteryStatus }) {
  const colour = batteryStatusColour(status);
  return (
    <div className="flex items-center gap-2">
      <div
        className="h-2.5 w-28 overflow-hidden rounded-full bg-slate-800"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={batteryBarWidth(level)}
        aria-label="Battery level"
      >
        <div
          className="h-full rounded-full"
          data-colour={colour}
          style={{ width: `${batteryBarWidth(level)}%`, backgroundColor: BATTERY_COLOUR_HEX[colour] }}
        />
      </div>
      <span className="font-mono text-xs text-slate-200">{formatPercent1(level)}</span>
    </div>
  );
}

const BATTERY_LEVEL_COLUMNS = ['Task #', 'Task Type', 'Battery Level', 'Status'];

export interface BatteryLevelsTableProps {
  readonly steps: readonly PlanStep[];
  readonly parameters?: PlanParameters | null;
}

/**
 * Spec §2 'Battery Levels' table: Task #, Task Type, Battery Level (bar), Status. Each bar takes
 * its row's status colour, and the line under the table says where each status begins.
 */
export function BatteryLevelsTable({ steps, parameters }: BatteryLevelsTableProps) {
  return (
    <div>
      <StepTable
        caption="Battery Levels"
        columns={BATTERY_LEVEL_COLUMNS}
        stepCount={steps.length}
        renderStep={(index) => {
          const step = steps[index];
          const status = batteryStatus(step);
          const duration = rechargeDurationText(step, parameters);
          return (
            <>
              <td className="py-1.5 pr-3">{index + 1}</td>
              <td className="py-1.5 pr-3">
                {taskTypeText(step)}
                {duration && <span className="ml-2 text-xs text-slate-400">{duration}</span>}
              </td>
              <td className="py-1.5 pr-3">
                {typeof step.battery_remaining === 'number' ? (
                  <BatteryBar level={step.battery_remaining} status={status} />
                ) : (
                  <span className="text-slate-500">N/A</span>
                )}
              </td>
              <td className="py-1.5">
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONES[status]}`}
                >
                  {status}
                </span>
              </td>
            </>
          );
        }}
      />
      <p className="mt-1 text-xs text-slate-400">
        Status: Low Battery at {BATTERY_STATUS_LIMITS.low}% or less (a recharge step excepted), Full at{' '}
        {BATTERY_STATUS_LIMITS.full}% or more, Normal between; each bar takes its status colour.
      </p>
    </div>
  );
}
