import {
  BATTERY_COLOUR_HEX,
  batteryBarColour,
  batteryBarWidth,
  batteryStatus,
  formatPercent1,
  rechargeDurationText,
  taskTypeText,
  type BatteryStatus,
} from '../../lib/display-format.ts';
import { type PlanParameters, type PlanStep } from '../../lib/plan-model.ts';
import { StepTable } from './step-table.tsx';

const STATUS_TONES: Record<BatteryStatus, string> = {
  'Low Battery': 'bg-red-500/15 text-red-300 ring-red-500/40',
  Full: 'bg-green-500/15 text-green-300 ring-green-500/40',
  Normal: 'bg-slate-500/15 text-slate-300 ring-slate-500/40',
};

function BatteryBar({ level }: { readonly level: number }) {
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
          data-colour={batteryBarColour(level)}
          style={{ width: `${batteryBarWidth(level)}%`, backgroundColor: BATTERY_COLOUR_HEX[batteryBarColour(level)] }}
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

/** Spec §2 'Battery Levels' table: Task #, Task Type, Battery Level (bar), Status. */
export function BatteryLevelsTable({ steps, parameters }: BatteryLevelsTableProps) {
  return (
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
                <BatteryBar level={step.battery_remaining} />
              ) : (
                <span className="text-slate-500">N/A</span>
              )}
            </td>
            <td className="py-1.5">
              <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONES[status]}`}>
                {status}
              </span>
            </td>
          </>
        );
      }}
    />
  );
}
