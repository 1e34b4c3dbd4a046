// Experiments that run shifts: the rates a rate sweep tests and the P95 target a fleet sweep is
// judged by, as typed on the form; each point's shift figures as the table and chart read
// them; and the answers in words ('Highest sustained rate: 900 orders/h', 'Robots needed to
// hold 1,200/h with P95 <= 10 min: 6'), found by the warehouse's `highestSustainedRate` and
// `fewestRobotsForShift`. Pure.
import {
  CYCLE_P95_TARGET_RANGE,
  DEFAULT_CYCLE_P95_TARGET_S,
  MAX_SWEEP_POINTS,
  SHIFT_RANGES,
  type ExperimentPoint,
  type ExperimentRecord,
  type ShiftSweepFinding,
  type SolveStatusValue,
} from '@fleetlab/warehouse';
import { formatCompletionTime, formatGrouped } from '../lib/display-format.ts';

/** An experiment runs shifts when its points' solves do (`parameters.shift`); a rate sweep always does. */
export function runsShifts(experiment: Pick<ExperimentRecord, 'kind' | 'parameters'>): boolean {
  return experiment.kind === 'rate_sweep' || experiment.parameters.shift !== undefined;
}

/**
 * A rate sweep's rates as typed: a list of orders per hour ('300, 600, 900'), each from 1 to
 * 20,000, at most 30 of them; duplicates are dropped and the rates sorted.
 */
export function parseRates(text: string): { rates: number[] } | { error: string } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return { error: 'Rates are required' };
  const rates: number[] = [];
  for (const part of parts) {
    const rate = Number(part);
    if (!Number.isFinite(rate)) return { error: `Enter orders per hour as a list like '300, 600, 900': '${part}' is not a number` };
    if (rate < SHIFT_RANGES.orders_per_hour.min || rate > SHIFT_RANGES.orders_per_hour.max) {
      return { error: `Rates are from ${formatGrouped(SHIFT_RANGES.orders_per_hour.min)} to ${formatGrouped(SHIFT_RANGES.orders_per_hour.max)} orders per hour: ${part} is not` };
    }
    rates.push(rate);
  }
  const distinct = [...new Set(rates)].sort((a, b) => a - b);
  if (distinct.length > MAX_SWEEP_POINTS) return { error: `At most ${MAX_SWEEP_POINTS} rates` };
  return { rates: distinct };
}

const SECONDS_PER_MINUTE = 60;

/** The P95 target's field in minutes; its default is the warehouse's 10 minutes. */
export const DEFAULT_P95_TARGET_MINUTES = String(DEFAULT_CYCLE_P95_TARGET_S / SECONDS_PER_MINUTE);

const P95_TARGET_RULE = `P95 Target must be a number of minutes from ${Number((CYCLE_P95_TARGET_RANGE.min / SECONDS_PER_MINUTE).toFixed(2))} to ${formatGrouped(CYCLE_P95_TARGET_RANGE.max / SECONDS_PER_MINUTE)}`;

/** Minutes as typed into seconds, held to `CYCLE_P95_TARGET_RANGE` by a message, never silently. */
export function parseP95TargetMinutes(text: string): { seconds: number } | { error: string } {
  const trimmed = text.trim();
  const minutes = trimmed === '' ? Number.NaN : Number(trimmed);
  const seconds = minutes * SECONDS_PER_MINUTE;
  if (!Number.isFinite(seconds) || seconds < CYCLE_P95_TARGET_RANGE.min || seconds > CYCLE_P95_TARGET_RANGE.max) return { error: P95_TARGET_RULE };
  return { seconds };
}

/** One point of a shift sweep as its table and chart read it. */
export interface ShiftSweepRow {
  readonly solveId: number;
  /** Orders per hour (rate sweep) or robots (fleet sweep). */
  readonly setting: number;
  readonly status: SolveStatusValue;
  readonly shift: NonNullable<ExperimentPoint['stats']>['shift'];
  readonly error: string | null;
}

/** A shift sweep's points by their setting, ascending; points without a setting (all robots) are left out. */
export function shiftSweepRows(points: readonly ExperimentPoint[], axis: 'rate' | 'robots'): ShiftSweepRow[] {
  const rows: ShiftSweepRow[] = [];
  for (const point of points) {
    const setting = axis === 'rate' ? point.orders_per_hour : point.robot_count;
    if (setting === null) continue;
    rows.push({ solveId: point.solve_id, setting, status: point.status, shift: point.stats?.shift ?? null, error: point.error });
  }
  return rows.sort((a, b) => a.setting - b.setting);
}

export const rateText = (rate: number) => `${formatGrouped(rate, Number.isInteger(rate) ? 0 : 1)} orders/h`;

/** A duration in whole minutes where it is one ('10 min'), else as the product writes durations. */
export function targetText(seconds: number): string {
  return seconds % SECONDS_PER_MINUTE === 0 ? `${formatGrouped(seconds / SECONDS_PER_MINUTE)} min` : formatCompletionTime(seconds);
}

/** A rate sweep's answer: the highest rate the fleet held with a stable backlog. */
export function sustainedRateText(finding: ShiftSweepFinding<ShiftSweepRow>): string {
  switch (finding.status) {
    case 'found':
      return `Highest sustained rate: ${rateText(finding.point.setting)}. Above it the backlog grows.`;
    case 'all_met':
      return `Every rate tested held: test higher rates. The highest tested, ${rateText(finding.point.setting)}, kept a stable backlog.`;
    case 'none_met':
      return `No rate tested held: the backlog grows even at ${rateText(finding.closest.setting)}. Test lower rates or add robots.`;
    case 'no_points':
      return 'No point has finished yet.';
  }
}

/** A fleet sweep of shifts' answer: the fewest robots that hold the rate with P95 within the target. */
export function robotsNeededText(finding: ShiftSweepFinding<ShiftSweepRow>, ordersPerHour: number | null, targetS: number): string {
  const rate = ordersPerHour === null ? 'the shift' : `${formatGrouped(ordersPerHour)}/h`;
  const condition = `hold ${rate} with P95 <= ${targetText(targetS)}`;
  switch (finding.status) {
    case 'found':
    case 'all_met':
      return `Robots needed to ${condition}: ${formatGrouped(finding.point.setting)}.`;
    case 'none_met': {
      const closest = finding.closest;
      const p95 = closest.shift?.cycle_p95_s;
      const how = `${p95 == null ? 'no order delivered' : `P95 ${formatCompletionTime(p95)}`}, backlog ${closest.shift?.backlog_trend ?? 'unknown'}`;
      return `No fleet tested can ${condition}. Closest: ${formatGrouped(closest.setting)} robots (${how}). Test more robots.`;
    }
    case 'no_points':
      return 'No point has finished yet.';
  }
}
