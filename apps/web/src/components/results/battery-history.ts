// The columns of a robot's Battery History chart (spec §2): one per task while they fit, and
// for a robot with thousands of tasks one per run of consecutive tasks, so the chart stays a
// hundred bars whatever the plan's length.

import { formatMinutes, rechargeStationOf } from '../../lib/display-format.ts';
import { isRechargeStep, rechargeMinutesOf, type PlanParameters, type PlanStep } from '../../lib/plan-model.ts';

export interface BatteryColumn {
  /** '#3' for one task, '#101–#200' for a run of tasks. */
  readonly task: string;
  /** Battery after the task; for a run, the lowest level over it (the one a planner looks for). */
  readonly battery: number;
  /** '⚡ 3 min → R1' on a recharge, '⚡ ×4' on a run with several, empty otherwise. */
  readonly recharge: string;
  /** Tasks the column stands for. */
  readonly tasks: number;
}

/** Columns a chart shows at most: about a screen and a half of 64 px slots to scroll through. */
const MAX_BATTERY_COLUMNS = 100;

function rechargeMark(step: PlanStep, parameters?: PlanParameters | null): string {
  if (!isRechargeStep(step)) return '';
  const where = step.task === 'recharge_in_place' ? ' in place' : ` → ${rechargeStationOf(step)}`;
  return `⚡ ${formatMinutes(rechargeMinutesOf(step, parameters))}${where}`;
}

interface StepLevel {
  readonly index: number;
  readonly battery: number;
  readonly recharge: string;
}

/**
 * The chart's columns: every step that carries battery_remaining, in step order; more than
 * `maxColumns` such steps are grouped into runs of ceil(n / maxColumns) consecutive ones.
 */
export function batteryHistoryData(
  steps: readonly PlanStep[],
  parameters?: PlanParameters | null,
  maxColumns: number = MAX_BATTERY_COLUMNS,
): BatteryColumn[] {
  const levels: StepLevel[] = [];
  steps.forEach((step, index) => {
    if (typeof step.battery_remaining === 'number')
      levels.push({ index, battery: step.battery_remaining, recharge: rechargeMark(step, parameters) });
  });
  if (levels.length <= maxColumns) {
    return levels.map(({ index, battery, recharge }) => ({ task: `#${index + 1}`, battery, recharge, tasks: 1 }));
  }
  const runLength = Math.ceil(levels.length / maxColumns);
  const columns: BatteryColumn[] = [];
  for (let start = 0; start < levels.length; start += runLength) {
    const run = levels.slice(start, start + runLength);
    const recharges = run.filter((level) => level.recharge !== '');
    const first = run[0].index + 1;
    const last = run[run.length - 1].index + 1;
    columns.push({
      task: first === last ? `#${first}` : `#${first}–#${last}`,
      battery: Math.min(...run.map((level) => level.battery)),
      recharge: recharges.length === 1 ? recharges[0].recharge : recharges.length > 1 ? `⚡ ×${recharges.length}` : '',
      tasks: run.length,
    });
  }
  return columns;
}
