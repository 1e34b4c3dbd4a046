// Figures of an experiment's results page and its CSV export. Pure functions: the chart, the
// tables and the export all read their numbers from here.
import type {
  AlgorithmName,
  ExperimentPoint,
  ExperimentRecord,
  Finished,
  KneeFinding,
  KneeRule,
  SolveStatusValue,
} from '@fleetlab/warehouse';
import {
  EXPERIMENT_KINDS,
  findKnee,
  kneePointOf,
  MAX_SWEEP_POINTS,
  pointUnfinished,
  SOLVE_PARAMETER_RANGES,
} from '@fleetlab/warehouse';
import { csvField } from '../components/results/plan-export.ts';
import { formatFixed } from '../lib/display-format.ts';
import { describeSettings } from '../lib/solve-settings.ts';
import { fleetLimitText, type FleetSize } from '../lib/fleet-size.ts';
import { sharedParameters } from './shift-sweep-figures.ts';

/** What a sweep varies: the fleet size, or the chargers per station. */
export type SweepAxis = 'robots' | 'chargers';

/**
 * An answer read off the points finished so far, said as such while others are still to finish:
 * a knee, a highest sustained rate or a best algorithm may move when the rest come in.
 */
export function soFarText(text: string, points: readonly Pick<ExperimentPoint, 'status'>[]): string {
  const open = points.filter(pointUnfinished).length;
  if (open === 0) return text;
  return `So far, with ${points.length - open} of ${points.length} points finished: ${text}`;
}

/** The axis of a sweep whose answer is a knee (`EXPERIMENT_KINDS`): robots, or chargers per station. */
export function sweepAxisOf(kind: ExperimentRecord['kind']): SweepAxis {
  return EXPERIMENT_KINDS[kind].axis === 'chargers' ? 'chargers' : 'robots';
}

/** The setting a kind's points each set, left out of the settings every point shares. */
const SETTING_EACH_POINT_SETS: Partial<Record<(typeof EXPERIMENT_KINDS)[ExperimentRecord['kind']]['axis'], string>> = {
  chargers: 'Chargers per Station',
  robot_model: 'Robot Model',
};

/**
 * The settings line of an experiment: what every point runs with, in the solve page's words,
 * without the setting its points vary (a charger sweep's chargers per station, a comparison's
 * robot model), which would otherwise read as one value for all of them.
 */
export function settingsOfEveryPoint(record: Pick<ExperimentRecord, 'kind' | 'parameters' | 'robot_models'>): string {
  const varied = SETTING_EACH_POINT_SETS[EXPERIMENT_KINDS[record.kind].axis];
  return describeSettings(sharedParameters(record), {
    modelsCompared: record.kind === 'robot_model_comparison' ? record.robot_models : undefined,
  })
    .filter(([label]) => label !== varied)
    .map(([label, value]) => `${label}: ${value}`)
    .join(' · ');
}

/** The title of a sweep point's utilisation card: its fleet, and a charger sweep's chargers per station. */
export function utilisationTitle(row: Pick<SweepRow, 'robotCount' | 'x'>, axis: SweepAxis): string {
  const robots = row.robotCount === null ? 'all robots' : `${row.robotCount} robots`;
  const chargers =
    axis !== 'chargers'
      ? ''
      : row.x === null
        ? ' with one charger per robot'
        : ` at ${row.x} charger${row.x === 1 ? '' : 's'} per station`;
  return `Utilisation per robot: ${robots}${chargers} (busy time / makespan)`;
}

export interface SweepRow {
  readonly solveId: number;
  readonly robotCount: number | null;
  /** The swept value of the row: its robot count, or its chargers per station (null: all robots, or one per robot). */
  readonly x: number | null;
  /** The plan run with every robot on the floor (null for solves from before executions). */
  readonly executedMakespan: number | null;
  readonly executedPerHour: number | null;
  /** Robot time spent blocked by other robots (the waiting without the charger and dock queues). */
  readonly waitingForRobots: number | null;
  /** Robot time spent queueing beside a pickup or dropoff another robot was at. */
  readonly dockQueue: number | null;
  /** Robot time spent queueing for a free charger. */
  readonly chargerQueue: number | null;
  readonly status: SolveStatusValue;
  readonly makespan: number | null;
  readonly deliveriesPerHour: number | null;
  readonly lowerBound: number | null;
  readonly gap: number | null;
  readonly error: string | null;
}

export interface ComparisonRow {
  readonly solveId: number;
  readonly algorithm: AlgorithmName;
  readonly status: SolveStatusValue;
  readonly makespan: number | null;
  readonly distance: number | null;
  readonly recharges: number | null;
  readonly gap: number | null;
  readonly runtimeMs: number | null;
  readonly executedMakespan: number | null;
  readonly waitingForRobots: number | null;
  readonly dockQueue: number | null;
  readonly chargerQueue: number | null;
  readonly error: string | null;
}

/**
 * Whether the row's day on the shared floor ended before its plan (`SOONER_THAN_PLAN` says why),
 * to the tenth of a second the tables show.
 */
export function soonerThanPlan(row: {
  readonly makespan: number | null;
  readonly executedMakespan: number | null;
}): boolean {
  if (row.makespan === null || row.executedMakespan === null) return false;
  return Number(formatFixed(row.executedMakespan, 1)) < Number(formatFixed(row.makespan, 1));
}

/** Deliveries per hour of a plan: the task's pairs over the makespan; null without a positive makespan. */
export function deliveriesPerHour(deliveries: number, makespanS: number | null): number | null {
  if (makespanS === null || !(makespanS > 0)) return null;
  return (deliveries * 3600) / makespanS;
}

export function sweepRows(points: readonly ExperimentPoint[], axis: SweepAxis = 'robots'): SweepRow[] {
  return points
    .map((point) => ({
      solveId: point.solve_id,
      robotCount: point.robot_count,
      x: axis === 'chargers' ? point.chargers : point.robot_count,
      executedMakespan: point.stats?.executed_makespan_s ?? null,
      executedPerHour: point.stats?.throughput_per_h ?? null,
      waitingForRobots: waitingForRobotsOf(point.stats),
      dockQueue: point.stats?.dock_queue_s ?? null,
      chargerQueue: point.stats?.charger_queue_s ?? null,
      status: point.status,
      makespan: point.stats?.makespan_s ?? null,
      deliveriesPerHour: point.stats ? deliveriesPerHour(point.stats.deliveries, point.stats.makespan_s) : null,
      lowerBound: point.stats?.lower_bound_s ?? null,
      gap: point.stats?.gap ?? null,
      error: point.error,
    }))
    .sort((a, b) => (a.x ?? Number.MAX_SAFE_INTEGER) - (b.x ?? Number.MAX_SAFE_INTEGER));
}

/** Waiting for other robots: the execution's waiting (which counts the charger and dock queues too) less the queues. */
function waitingForRobotsOf(stats: ExperimentPoint['stats']): number | null {
  if (!stats || stats.waiting_s === null) return null;
  return Math.max(0, stats.waiting_s - (stats.charger_queue_s ?? 0) - (stats.dock_queue_s ?? 0));
}

/** True when the sweep's points were executed on the shared floor: its knee then reads the executed curve. */
export function hasExecutedFigures(rows: readonly SweepRow[]): boolean {
  return rows.some((row) => row.executedMakespan !== null);
}

/** A sweep row as the knee rules read it: its swept value and the makespan the knee is judged on. */
export interface KneeRow {
  readonly row: SweepRow;
  readonly robotCount: number;
  readonly x: number;
  readonly makespan: number | null;
}

/**
 * The knee of a sweep by `rule` (see `findKnee`), on the executed makespans when the points
 * have them (traffic and charger queues in), else on the planned ones.
 */
export function sweepKnee(rows: readonly SweepRow[], rule: KneeRule): KneeFinding<Finished<KneeRow>> {
  const executed = hasExecutedFigures(rows);
  const candidates = rows
    .filter((row): row is SweepRow & { x: number } => row.x !== null)
    .map((row) => ({ row, robotCount: row.x, x: row.x, makespan: executed ? row.executedMakespan : row.makespan }));
  return findKnee(candidates, rule);
}

/**
 * The sweep's answer as the page states it: the row it names, and whether that row is a knee.
 * A rule that found none marks the largest value tested, which is no knee ("test more"); a
 * deadline met only by the largest fleet tested is met, so that one is the knee.
 */
export function sweepAnswer(
  finding: KneeFinding<KneeRow>,
  rule: KneeRule,
): { readonly row: SweepRow | null; readonly isKnee: boolean } {
  const row = kneeRowOf(finding);
  const isKnee = finding.status === 'knee' || (finding.status === 'largest_tested' && rule.rule === 'finish_by');
  return { row, isKnee: row !== null && isKnee };
}

/**
 * The figures of a sweep row, in the order the page's table shows them, each with its CSV
 * column and the one rounding both use (`digits`; the gap in percent, `suffix` on the page):
 * the table and the CSV read the same numbers.
 */
export const SWEEP_FIGURES = [
  { label: 'Planned (s)', csv: 'makespan_s', digits: 1, suffix: '', value: (row: SweepRow) => row.makespan },
  {
    label: 'With traffic (s)',
    csv: 'executed_makespan_s',
    digits: 1,
    suffix: '',
    value: (row: SweepRow) => row.executedMakespan,
    marked: soonerThanPlan,
  },
  {
    label: 'Waiting for robots (s)',
    csv: 'waiting_for_robots_s',
    digits: 1,
    suffix: '',
    value: (row: SweepRow) => row.waitingForRobots,
  },
  {
    label: 'Dock queue (s)',
    csv: 'dock_queue_s',
    digits: 1,
    suffix: '',
    value: (row: SweepRow) => row.dockQueue,
  },
  {
    label: 'Charger queue (s)',
    csv: 'charger_queue_s',
    digits: 1,
    suffix: '',
    value: (row: SweepRow) => row.chargerQueue,
  },
  {
    label: 'Deliveries / h planned',
    csv: 'deliveries_per_hour',
    digits: 1,
    suffix: '',
    value: (row: SweepRow) => row.deliveriesPerHour,
  },
  {
    label: 'Deliveries / h with traffic',
    csv: 'executed_per_hour',
    digits: 1,
    suffix: '',
    value: (row: SweepRow) => row.executedPerHour,
  },
  { label: 'Lower bound (s)', csv: 'lower_bound_s', digits: 1, suffix: '', value: (row: SweepRow) => row.lowerBound },
  {
    label: 'Gap',
    csv: 'gap_pct',
    digits: 1,
    suffix: '%',
    value: (row: SweepRow) => (row.gap === null ? null : row.gap * 100),
  },
] as const;

/** A figure rounded as the page shows it; '' when absent (the table shows '—'). */
export function roundedFigure(value: number | null, digits: number): string {
  return value === null ? '' : formatFixed(value, digits);
}

/** The row a sweep's knee marks in the table and on the chart (none when the rule found none). */
export function kneeRowOf(finding: KneeFinding<KneeRow>): SweepRow | null {
  return kneePointOf(finding)?.row ?? null;
}

export function comparisonRows(points: readonly ExperimentPoint[]): ComparisonRow[] {
  return points.map((point) => ({
    solveId: point.solve_id,
    algorithm: point.algorithm,
    status: point.status,
    makespan: point.stats?.makespan_s ?? null,
    distance: point.stats?.total_distance_m ?? null,
    recharges: point.stats?.recharges ?? null,
    gap: point.stats?.gap ?? null,
    runtimeMs: point.stats?.runtime_ms ?? null,
    executedMakespan: point.stats?.executed_makespan_s ?? null,
    waitingForRobots: waitingForRobotsOf(point.stats),
    dockQueue: point.stats?.dock_queue_s ?? null,
    chargerQueue: point.stats?.charger_queue_s ?? null,
    error: point.error,
  }));
}

/** The row with the lowest makespan (the first of equals); null while none has one. */
export function bestComparisonRow(rows: readonly ComparisonRow[]): ComparisonRow | null {
  let best: ComparisonRow | null = null;
  for (const row of rows) {
    if (row.makespan === null) continue;
    if (best === null || row.makespan < (best.makespan as number)) best = row;
  }
  return best;
}

/** Share of finished points, 0..1. */
export function experimentProgressFraction(progress: ExperimentRecord['progress']): number {
  if (progress.total === 0) return 1;
  return (progress.completed + progress.failed) / progress.total;
}

/** Seconds with one decimal; '—' when absent. */
export function formatSeconds(value: number | null): string {
  return value === null ? '—' : `${formatFixed(value, 1)} s`;
}

export function formatNumber(value: number | null, digits: number): string {
  return value === null ? '—' : formatFixed(value, digits);
}

/** Gap as a percentage with one decimal. */
export function formatGap(value: number | null): string {
  return value === null ? '—' : `${formatFixed(value * 100, 1)}%`;
}

export interface RobotUtilisation {
  readonly robotId: string;
  /** Time from t = 0 to the end of the robot's last step (recharge waits included). */
  readonly busyS: number;
  /** busy time / makespan, 0..1. */
  readonly utilisation: number;
}

/**
 * Utilisation per robot of a completed solve: each robot's busy time (the completion time of
 * its last step) over the plan's makespan (the latest of them). Robots without steps are 0.
 * Robots in id order; an empty list when the results hold no robots.
 */
export function robotUtilisation(results: Readonly<Record<string, unknown>> | null | undefined): RobotUtilisation[] {
  if (!results) return [];
  const busy: [string, number][] = [];
  for (const [robotId, steps] of Object.entries(results)) {
    if (robotId === 'stats' || robotId === 'error' || !Array.isArray(steps)) continue;
    const last = steps.at(-1) as { completion_time?: unknown } | undefined;
    busy.push([robotId, typeof last?.completion_time === 'number' ? last.completion_time : 0]);
  }
  busy.sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }));
  const makespan = Math.max(0, ...busy.map(([, seconds]) => seconds));
  return busy.map(([robotId, busyS]) => ({ robotId, busyS, utilisation: makespan > 0 ? busyS / makespan : 0 }));
}

const SWEEP_CSV_COLUMNS = [...SWEEP_FIGURES.map((figure) => figure.csv), 'status', 'knee', 'answer', 'solve_id'];
const COMPARISON_CSV_COLUMNS = [
  'algorithm',
  'makespan_s',
  'total_distance_m',
  'recharges',
  'gap',
  'runtime_ms',
  'status',
  'best',
  'solve_id',
];

/**
 * The experiment as CSV: every point, with the numbers the page shows (`SWEEP_FIGURES`, rounded
 * once, as on the page) and its answer by `kneeRule`: `knee` is `yes` on the knee only, `answer`
 * names the row the page names (`knee`, or `largest tested` when the range holds no knee).
 */
export function experimentToCsv(experiment: ExperimentRecord, kneeRule: KneeRule): string {
  const lines: string[] = [];
  if (experiment.kind !== 'algorithm_comparison') {
    const axis = sweepAxisOf(experiment.kind);
    const rows = sweepRows(experiment.points, axis);
    const answer = sweepAnswer(sweepKnee(rows, kneeRule), kneeRule);
    lines.push([axis === 'chargers' ? 'chargers' : 'robot_count', ...SWEEP_CSV_COLUMNS].join(','));
    for (const row of rows) {
      const answered = row === answer.row;
      lines.push(
        [
          row.x,
          ...SWEEP_FIGURES.map((figure) => roundedFigure(figure.value(row), figure.digits)),
          row.status,
          answered && answer.isKnee ? 'yes' : '',
          answered ? (answer.isKnee ? 'knee' : 'largest tested') : '',
          row.solveId,
        ]
          .map(csvField)
          .join(','),
      );
    }
  } else {
    const rows = comparisonRows(experiment.points);
    const best = bestComparisonRow(rows);
    lines.push(COMPARISON_CSV_COLUMNS.join(','));
    for (const row of rows) {
      lines.push(
        [
          row.algorithm,
          row.makespan,
          row.distance,
          row.recharges,
          row.gap,
          row.runtimeMs,
          row.status,
          row === best ? 'yes' : '',
          row.solveId,
        ]
          .map(csvField)
          .join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

export function experimentCsvFileName(experimentId: number): string {
  return `experiment-${experimentId}.csv`;
}

/**
 * Robot counts typed on the form: a range 'from..to' (or 'from-to'), or a list '2, 4, 8'.
 * Returns the sorted distinct counts, or an error text naming what is wrong.
 */
export function parseRobotCounts(text: string, fleet: FleetSize | null): { counts: number[] } | { error: string } {
  return parseCounts(text, 'Robot counts', MAX_SWEEP_POINTS, (count) =>
    fleet !== null && count > fleet.max ? fleetLimitText(fleet) : null,
  );
}

/** Chargers per station of a charger sweep: '1..4' or '1, 2, 4', 1 to 10. */
export function parseChargerCounts(text: string): { counts: number[] } | { error: string } {
  const { max } = SOLVE_PARAMETER_RANGES.chargers;
  return parseCounts(text, 'Charger counts', max, (count) =>
    count > max ? `At most ${max} chargers per station` : null,
  );
}

function parseCounts(
  text: string,
  noun: string,
  maxEntries: number,
  tooLarge: (count: number) => string | null,
): { counts: number[] } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: `${noun} are required` };
  let counts: number[];
  const range = /^(\d+)\s*(?:\.\.|-)\s*(\d+)$/.exec(trimmed);
  if (range) {
    const from = Number(range[1]);
    const to = Number(range[2]);
    if (from > to) return { error: 'The range must go from the smaller to the larger count' };
    counts = Array.from({ length: to - from + 1 }, (_, index) => from + index);
  } else {
    const parts = trimmed.split(/[\s,;]+/).filter(Boolean);
    if (!parts.every((part) => /^\d+$/.test(part)))
      return { error: "Enter a range like '1..8' or a list like '2, 4, 8'" };
    counts = [...new Set(parts.map(Number))].sort((a, b) => a - b);
  }
  if (counts.some((count) => count < 1)) return { error: `${noun} start at 1` };
  for (const count of counts) {
    const problem = tooLarge(count);
    if (problem) return { error: problem };
  }
  if (counts.length > maxEntries) return { error: `At most ${maxEntries} ${noun.toLowerCase()}` };
  return { counts };
}
