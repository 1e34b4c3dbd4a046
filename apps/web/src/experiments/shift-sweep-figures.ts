// Experiments that run shifts: the rates a rate sweep tests and the P95 target a fleet sweep is
// judged by, as typed on the form; each point's shift figures as the table and chart read
// them; and the answers in words ('Highest sustained rate: 900 orders/h', 'Robots needed to
// hold 1,200/h with P95 <= 10 min: 6'), found by the warehouse's `highestSustainedRate` and
// `fewestRobotsForShift`. Pure.
import {
  CYCLE_P95_TARGET_RANGE,
  DEFAULT_CYCLE_P95_TARGET_S,
  ALGORITHM_BY_NAME,
  EXPERIMENT_KINDS,
  fellBehindDispatcher,
  fewestRobotsForShift,
  highestSustainedRate,
  MAX_SWEEP_POINTS,
  plannedOrdersPerHour,
  SHIFT_RANGES,
  type ExperimentPoint,
  type ExperimentRecord,
  type ExperimentShiftStats,
  type ShiftSweepFinding,
  type SolveStatusValue,
} from '@fleetlab/warehouse';
import { csvField } from '../components/results/plan-export.ts';
import { formatCompletionTime, formatGrouped, listedCounts } from '../lib/display-format.ts';

/** An experiment runs shifts when its points' solves do (`parameters.shift`); a rate sweep always does. */
export function runsShifts(experiment: Pick<ExperimentRecord, 'kind' | 'parameters'>): boolean {
  return experiment.kind === 'rate_sweep' || experiment.parameters.shift !== undefined;
}

/** A rate sweep's shift without a rate of its own: each point sets it. */
export function withoutRate<T extends { orders_per_hour?: number }>(shift: T): Omit<T, 'orders_per_hour'> {
  const { orders_per_hour: _eachPointSetsIt, ...rest } = shift;
  return rest;
}

/**
 * The settings every point shares, as the page writes them: a rate sweep's points each set the
 * shift's rate, so a rate stored with it (sent by a client, or by this page before rate sweeps
 * could leave it out) is left out.
 */
export function sharedParameters(
  experiment: Pick<ExperimentRecord, 'kind' | 'parameters'>,
): ExperimentRecord['parameters'] {
  const { parameters } = experiment;
  if (experiment.kind !== 'rate_sweep' || !parameters.shift) return parameters;
  return { ...parameters, shift: withoutRate(parameters.shift) };
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
    if (!Number.isFinite(rate))
      return { error: `Enter orders per hour as a list like '300, 600, 900': '${part}' is not a number` };
    if (rate < SHIFT_RANGES.orders_per_hour.min || rate > SHIFT_RANGES.orders_per_hour.max) {
      return {
        error: `Rates are from ${formatGrouped(SHIFT_RANGES.orders_per_hour.min)} to ${formatGrouped(SHIFT_RANGES.orders_per_hour.max)} orders per hour: ${part} is not`,
      };
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
  if (!Number.isFinite(seconds) || seconds < CYCLE_P95_TARGET_RANGE.min || seconds > CYCLE_P95_TARGET_RANGE.max)
    return { error: P95_TARGET_RULE };
  return { seconds };
}

/** What a shift experiment's points vary. */
export type ShiftSweepAxis = 'rate' | 'robots' | 'chargers' | 'algorithm';

export function shiftSweepAxisOf(kind: ExperimentRecord['kind']): ShiftSweepAxis {
  const { axis } = EXPERIMENT_KINDS[kind];
  // A robot-model comparison has pages of its own (robot-model-results.tsx); read here, its rows keep their order as a comparison's.
  return axis === 'robot_model' ? 'algorithm' : axis;
}

/** One point of a shift experiment as its table and chart read it. */
export interface ShiftSweepRow {
  readonly solveId: number;
  /** Orders per hour, robots or chargers per station (null: an algorithm, or the whole fleet). */
  readonly setting: number | null;
  /** The setting as the table's first column writes it. */
  readonly label: string;
  readonly status: SolveStatusValue;
  readonly shift: ExperimentShiftStats | null;
  readonly error: string | null;
}

function settingOf(point: ExperimentPoint, axis: ShiftSweepAxis): number | null {
  if (axis === 'rate') return point.orders_per_hour;
  if (axis === 'robots') return point.robot_count;
  if (axis === 'chargers') return point.chargers;
  return null;
}

/** A shift experiment's points, by their setting ascending (an algorithm comparison in its order). */
export function shiftSweepRows(points: readonly ExperimentPoint[], axis: ShiftSweepAxis): ShiftSweepRow[] {
  const rows = points.map((point) => {
    const setting = settingOf(point, axis);
    const label =
      axis === 'algorithm'
        ? ALGORITHM_BY_NAME[point.algorithm].label
        : setting === null
          ? 'All'
          : formatGrouped(setting, Number.isInteger(setting) ? 0 : 1);
    return {
      solveId: point.solve_id,
      setting,
      label,
      status: point.status,
      shift: point.stats?.shift ?? null,
      error: point.error,
    };
  });
  return axis === 'algorithm'
    ? rows
    : rows.sort((a, b) => (a.setting ?? Number.MAX_SAFE_INTEGER) - (b.setting ?? Number.MAX_SAFE_INTEGER));
}

/** A row the answers can read: one with a setting. */
export type SettingRow = ShiftSweepRow & { readonly setting: number };

export function candidatesOf(rows: readonly ShiftSweepRow[]): SettingRow[] {
  return rows.filter((row): row is SettingRow => row.setting !== null);
}

export const rateText = (rate: number) => `${formatGrouped(rate, Number.isInteger(rate) ? 0 : 1)} orders/h`;

/** A duration in whole minutes where it is one ('10 min'), else as the product writes durations. */
export function targetText(seconds: number): string {
  return seconds % SECONDS_PER_MINUTE === 0
    ? `${formatGrouped(seconds / SECONDS_PER_MINUTE)} min`
    : formatCompletionTime(seconds);
}

/** A rate sweep's answer: the highest rate the fleet held with a stable backlog. */
export function sustainedRateText(finding: ShiftSweepFinding<SettingRow>): string {
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

/** What the fewest of a setting is called in the answer of a sweep of shifts. */
const FEWEST_NOUNS = {
  robots: ['Robots', 'robots'],
  chargers: ['Chargers per station', 'chargers per station'],
} as const;

/**
 * A fleet (or charger) sweep of shifts' answer: the fewest robots (chargers per station) that
 * hold the shift's rate with a stable backlog and P95 within the target; when none does, the
 * closest named with its P95 and backlog, and (`suggestMore`, by default) a hint to test more.
 */
export function fewestNeededText(
  finding: ShiftSweepFinding<SettingRow>,
  axis: 'robots' | 'chargers',
  ordersPerHour: number | null,
  targetS: number,
  { suggestMore = true }: { suggestMore?: boolean } = {},
): string {
  const [Noun, noun] = FEWEST_NOUNS[axis];
  const rate =
    ordersPerHour === null ? 'the shift' : `${formatGrouped(ordersPerHour, Number.isInteger(ordersPerHour) ? 0 : 1)}/h`;
  const condition = `hold ${rate} with P95 <= ${targetText(targetS)}`;
  switch (finding.status) {
    case 'found':
    case 'all_met':
      return `${Noun} needed to ${condition}: ${formatGrouped(finding.point.setting)}.`;
    case 'none_met': {
      const closest = finding.closest;
      const p95 = closest.shift?.cycle_p95_s;
      const how = `${p95 == null ? 'no order delivered' : `P95 ${formatCompletionTime(p95)}`}, backlog ${closest.shift?.backlog_trend ?? 'unknown'}`;
      return `No setting tested can ${condition}. Closest: ${formatGrouped(closest.setting)} ${noun} (${how}).${suggestMore ? ` Test more ${noun}.` : ''}`;
    }
    case 'no_points':
      return 'No point has finished yet.';
  }
}

/** What a shift experiment answers, and the row the answer names (marked in the table with `badge`). */
export interface ShiftSweepAnswer {
  readonly text: string | null;
  readonly row: SettingRow | null;
  readonly badge: string;
}

/**
 * The answer of a shift experiment: a rate sweep's highest sustained rate; a fleet or charger
 * sweep's fewest robots or chargers that hold the rate with P95 within `targetS`; an algorithm
 * comparison has none.
 */
export function shiftSweepAnswer(
  experiment: Pick<ExperimentRecord, 'kind' | 'parameters'>,
  rows: readonly ShiftSweepRow[],
  targetS: number,
): ShiftSweepAnswer {
  const axis = shiftSweepAxisOf(experiment.kind);
  if (axis === 'algorithm') return { text: null, row: null, badge: '' };
  const candidates = candidatesOf(rows);
  const behindText = fellBehindText(candidates, axis, { targetS, ordersPerHour: ratePerHourOf(experiment) });
  if (axis === 'rate') {
    const finding = highestSustainedRate(candidates);
    return {
      text: sustainedRateText(finding) + behindText,
      row: 'point' in finding ? finding.point : null,
      badge: 'Highest sustained',
    };
  }
  const finding = fewestRobotsForShift(candidates, targetS);
  // Where the robots fell behind their dispatcher, more of them is not the advice: the sentence after says why.
  const text =
    fewestNeededText(finding, axis, ratePerHourOf(experiment), targetS, { suggestMore: behindText === '' }) +
    behindText;
  if (finding.status === 'none_met') return { text, row: finding.closest, badge: 'Closest' };
  return { text, row: 'point' in finding ? finding.point : null, badge: 'Fewest that hold' };
}

/** The rate a sweep of shifts at one rate asks for (null when the settings do not say). */
function ratePerHourOf(experiment: Pick<ExperimentRecord, 'parameters'>): number | null {
  const shift = experiment.parameters.shift;
  return shift ? plannedOrdersPerHour(shift) : null;
}

/** What each setting of a sweep is, after its value in words. */
const SETTING_UNITS: Readonly<Record<Exclude<ShiftSweepAxis, 'algorithm'>, [one: string, many: string]>> = {
  rate: ['orders/h', 'orders/h'],
  robots: ['robot', 'robots'],
  chargers: ['charger per station', 'chargers per station'],
};

/** The rows as their dispatcher saw them: a row with a `dispatcher_view` takes its backlog trend and P95. */
function asDispatcherSaw(rows: readonly SettingRow[]): SettingRow[] {
  return rows.map((row) => {
    const view = row.shift?.dispatcher_view;
    if (!row.shift || !view) return row;
    return { ...row, shift: { ...row.shift, backlog_trend: view.backlog_trend, cycle_p95_s: view.cycle_p95_s } };
  });
}

/**
 * Said after a sweep's answer when robots with a model fell behind their dispatcher: the
 * settings whose backlog grew on the floor while the dispatcher, on its own clock, saw it stable
 * (`dispatcher_view`), and the answer on that clock, where no robot is late: with the robots' own
 * (a pessimistic estimate) it brackets what this fleet needs. Empty when no setting fell behind.
 */
export function fellBehindText(
  rows: readonly SettingRow[],
  axis: Exclude<ShiftSweepAxis, 'algorithm'>,
  { targetS, ordersPerHour }: { targetS: number; ordersPerHour: number | null },
): string {
  const behind = rows.filter((row) => fellBehindDispatcher(row.shift));
  if (behind.length === 0) return '';
  const settings = listedCounts(
    behind.map((row) => row.setting),
    ...SETTING_UNITS[axis],
  );
  const seen = asDispatcherSaw(rows);
  const onItsClock =
    axis === 'rate'
      ? sustainedRateText(highestSustainedRate(seen))
      : fewestNeededText(fewestRobotsForShift(seen, targetS), axis, ordersPerHour, targetS);
  return ` At ${settings} the backlog grew on the floor where the dispatcher, on its own clock, saw it stable: the robots fell behind it, and it does not learn by how much. The dispatcher's clock, where no robot is late, answers: ${onItsClock} The robots' own answer above is a pessimistic estimate, the dispatcher's an optimistic one; each solve's page sets the two side by side.`;
}

const SHIFT_CSV_COLUMNS = [
  'orders_per_hour_released',
  'released',
  'delivered',
  'throughput_per_h',
  'cycle_p50_s',
  'cycle_p95_s',
  'backlog_max',
  'backlog_end',
  'backlog_trend',
  'utilisation_pct',
  'dispatcher_cycle_p95_s',
  'dispatcher_backlog_trend',
  'status',
  'answer',
  'solve_id',
];
const SHIFT_CSV_SETTING: Readonly<Record<ShiftSweepAxis, string>> = {
  rate: 'orders_per_hour',
  robots: 'robot_count',
  chargers: 'chargers',
  algorithm: 'algorithm',
};

/** A shift experiment's table as CSV (numbers unrounded); `answer` marks the row the answer names. */
export function shiftSweepCsv(
  rows: readonly ShiftSweepRow[],
  axis: ShiftSweepAxis,
  answer: ShiftSweepRow | null,
): string {
  const lines = [[SHIFT_CSV_SETTING[axis], ...SHIFT_CSV_COLUMNS].join(',')];
  for (const row of rows) {
    const shift = row.shift;
    lines.push(
      [
        axis === 'algorithm' ? row.label : row.setting,
        shift?.orders_per_hour ?? null,
        shift?.released ?? null,
        shift?.delivered ?? null,
        shift?.throughput_per_h ?? null,
        shift?.cycle_p50_s ?? null,
        shift?.cycle_p95_s ?? null,
        shift?.backlog_max ?? null,
        shift?.backlog_end ?? null,
        shift?.backlog_trend ?? null,
        shift?.utilisation_pct ?? null,
        // What the dispatcher of robots with a model saw on its own clock (empty for point robots).
        shift?.dispatcher_view?.cycle_p95_s ?? null,
        shift?.dispatcher_view?.backlog_trend ?? null,
        row.status,
        answer !== null && row.solveId === answer.solveId ? 'yes' : '',
        row.solveId,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
