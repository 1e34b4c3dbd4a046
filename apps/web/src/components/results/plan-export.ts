// Export of a solve: the whole record as JSON, and one CSV row per step of its plan.

import { solveExport, type SolveExportSource } from '@fleetlab/warehouse';
import { deliveryPairOf, robotPlansOf, stepDistance, type PlanStep } from '../../lib/plan-model.ts';

export const PLAN_CSV_COLUMNS = [
  'robot',
  'step',
  'task_type',
  'pickup',
  'dropoff',
  'path',
  'total_distance',
  'odometer_m',
  'completion_time',
  'battery_remaining',
  'recharge_time',
] as const;

/** The raw task kind of a step: 'delivery', 'recharge' or 'recharge_in_place'. */
function stepTaskType(step: PlanStep): string {
  return typeof step.task === 'string' ? step.task : 'delivery';
}

/** RFC 4180 quoting: only fields holding a comma, quote or line break are quoted. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row per step of every robot, robots in id order, steps numbered from 1. */
export function planToCsv(results: Readonly<Record<string, unknown>> | null | undefined): string {
  const lines = [PLAN_CSV_COLUMNS.join(',')];
  for (const { robotId, steps } of robotPlansOf(results)) {
    let odometer = 0;
    steps.forEach((step, index) => {
      const pair = deliveryPairOf(step);
      // Plans of the original backend carry no odometer: rebuild it from the step lengths.
      odometer += stepDistance(steps, index);
      lines.push(
        [
          csvField(robotId),
          csvField(index + 1),
          csvField(stepTaskType(step)),
          csvField(pair?.[0]),
          csvField(pair?.[1]),
          csvField(step.path.join(' > ')),
          csvField(step.total_distance),
          csvField(Math.round((step.odometer_m ?? odometer) * 100) / 100),
          csvField(step.completion_time),
          csvField(step.battery_remaining),
          csvField(step.recharge_time),
        ].join(','),
      );
    });
  }
  return `${lines.join('\n')}\n`;
}

/** The whole solve as the warehouse's `solveExport` lays it out, pretty-printed. */
export function solveToJson(solve: SolveExportSource): string {
  return `${JSON.stringify(solveExport(solve), null, 2)}\n`;
}

/** `solve-42.json` (the whole record), `solve-42-plan.csv` (one row per step). */
export function solveFileName(solveId: number | string, extension: 'json' | 'csv'): string {
  return extension === 'json' ? `solve-${solveId}.json` : `solve-${solveId}-plan.csv`;
}
