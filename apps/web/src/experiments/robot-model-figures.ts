import {
  type ComparedFigure,
  comparedValue,
  compareRobotModels,
  type ExperimentPoint,
  type ExperimentRecord,
  fellBehindDispatcher,
  type RobotModelComparison,
  robotModelLabel,
  robotModelName,
  TIME_SPLIT_PARTS,
  type TimeSplitRecord,
} from '@fleetlab/warehouse';
import { formatCompletionTime, formatGrouped, listed, listedCounts } from '../lib/display-format.ts';

/** One point of a robot-model comparison as its table reads it. */
export interface RobotModelRow {
  readonly solveId: number;
  readonly model: string;
  /** What the page calls the model: a preset's label, a custom model's name. */
  readonly modelLabel: string;
  /** The fleet (null: the scenario's). */
  readonly robots: number | null;
  /** The compared figure: a makespan in seconds, or a shift's deliveries per hour. */
  readonly value: number | null;
  readonly meanCycleS: number | null;
  readonly timeSplit: TimeSplitRecord | null;
  readonly status: ExperimentPoint['status'];
  readonly error: string | null;
  /** A shift whose robots fell behind their dispatcher (`fellBehindDispatcher`): its throughput is a pessimistic estimate. */
  readonly fellBehind: boolean;
}

/** The points in the record's order: each model, its fleets from the smallest. */
export function robotModelRows(record: Pick<ExperimentRecord, 'points'>, figure: ComparedFigure): RobotModelRow[] {
  return record.points.map((point) => {
    const model = robotModelName(point.parameters.robot_model);
    return {
      solveId: point.solve_id,
      model,
      modelLabel: robotModelLabel(point.parameters.robot_model),
      robots: point.robot_count,
      value: comparedValue(point, figure),
      meanCycleS: point.stats?.mean_cycle_s ?? null,
      timeSplit: point.stats?.time_split ?? null,
      status: point.status,
      error: point.error,
      fellBehind: fellBehindDispatcher(point.stats?.shift),
    };
  });
}

/**
 * Said under a comparison of shifts where robots with a model fell behind their dispatcher: which
 * models at which fleets (null when none did).
 */
export function fellBehindNote(rows: readonly RobotModelRow[]): string | null {
  const fleets = new Map<string, (number | null)[]>();
  for (const row of rows)
    if (row.fellBehind) fleets.set(row.modelLabel, [...(fleets.get(row.modelLabel) ?? []), row.robots]);
  if (fleets.size === 0) return null;
  const where = [...fleets].map(([label, counts]) =>
    counts.includes(null)
      ? `${label} with the scenario’s fleet`
      : `${label} at ${listedCounts(
          counts.filter((count): count is number => count !== null),
          'robot',
          'robots',
        )}`,
  );
  return `The backlog of ${listed(where)} grew on the floor where their dispatcher, on its own clock, saw it stable: the robots fell behind it, and it does not learn by how much. Their throughput here is a pessimistic estimate; each solve's page sets the dispatcher's view beside it.`;
}

/** The comparison's target: a makespan (a day) or a throughput (a shift); null when it has none. */
export function robotModelTarget(record: Pick<ExperimentRecord, 'target_makespan_s' | 'target_throughput_per_h'>) {
  return record.target_throughput_per_h ?? record.target_makespan_s;
}

export function robotModelComparisonOf(
  record: Pick<
    ExperimentRecord,
    'points' | 'robot_models' | 'target_makespan_s' | 'target_throughput_per_h' | 'parameters'
  >,
): RobotModelComparison<ExperimentPoint> {
  return compareRobotModels(
    record.points,
    record.robot_models,
    robotModelTarget(record),
    record.parameters.shift !== undefined,
  );
}

/** The compared figure as a table column heads it. */
export const COMPARED_FIGURE_LABELS: Readonly<Record<ComparedFigure, string>> = {
  executed_makespan_s: 'Makespan with traffic',
  makespan_s: 'Planned makespan',
  throughput_per_h: 'Shift throughput',
};

export function formatComparedValue(figure: ComparedFigure, value: number | null): string {
  if (value === null) return '—';
  return figure === 'throughput_per_h' ? `${formatGrouped(value, 1)} /h` : formatCompletionTime(value);
}

const robots = (count: number | null) =>
  count === null ? 'the scenario’s fleet' : `${count} ${count === 1 ? 'robot' : 'robots'}`;

/**
 * Whether a row is the answer's: a winning model at the answer's fleet, or at each fleet tested
 * when it does best at every one of them.
 */
export function isAnswerRow(
  comparison: Pick<RobotModelComparison<ExperimentPoint>, 'winners' | 'winnerRobots' | 'everyFleet'>,
  row: { readonly model: string; readonly robots: number | null },
): boolean {
  if (!comparison.winners.includes(row.model)) return false;
  return row.robots === comparison.winnerRobots || comparison.everyFleet.includes(row.robots);
}

/**
 * The comparison's answer in one sentence: with a target, which model needs the fewest robots to
 * meet it and what each model needs; without, which model does best at the largest fleet all ran
 * (at every fleet tested, when it does best at each). While
 * points that could change it are still to finish, it is said to be the answer so far.
 */
export function robotModelAnswerText(
  comparison: RobotModelComparison<ExperimentPoint>,
  labelOf: (model: string) => string,
): string {
  const answer = finalAnswerText(comparison, labelOf);
  const { open } = comparison;
  if (open === 0 || answer.endsWith(' yet.')) return answer;
  const soFar = /^(No|With) /.test(answer) ? answer[0].toLowerCase() + answer.slice(1) : answer;
  return `So far, ${soFar} ${formatGrouped(open)} ${open === 1 ? 'point' : 'points'} still to finish could change it.`;
}

function finalAnswerText(
  comparison: RobotModelComparison<ExperimentPoint>,
  labelOf: (model: string) => string,
): string {
  const { figure, target, perModel, winners, winnerRobots } = comparison;
  const goal =
    target === null
      ? ''
      : figure === 'throughput_per_h'
        ? `deliver ${formatGrouped(target, 1)} per hour`
        : `finish by ${formatCompletionTime(target)}`;
  if (target === null) {
    if (winners.length === 0) return 'No fleet has a result for every model yet.';
    const best = figure === 'throughput_per_h' ? 'delivers the most' : 'finishes soonest';
    const verb = winners.length > 1 ? 'tie' : best;
    const { everyFleet } = comparison;
    if (everyFleet.length > 1) {
      // "3, 6 and 9 robots"; the scenario's own fleet named apart.
      const counts = everyFleet.filter((count): count is number => count !== null).map(String);
      const fleets = `${listed(counts)} ${counts.length === 1 && counts[0] === '1' ? 'robot' : 'robots'}${everyFleet.includes(null) ? ' and the scenario’s fleet' : ''}`;
      return `At every fleet tested (${fleets}), ${listed(winners.map(labelOf))} ${verb}.`;
    }
    return `With ${robots(winnerRobots)}, ${listed(winners.map(labelOf))} ${verb}.`;
  }
  const each = perModel
    .map((finding) => {
      const label = labelOf(finding.model);
      if (finding.status === 'met') return `${label}: ${robots(finding.robots)}`;
      if (finding.status === 'none_met') {
        const { closest } = finding;
        return `${label}: none of the fleets tested, at best ${formatComparedValue(figure, comparedValue(closest, figure))} with ${robots(closest.robot_count)}`;
      }
      return `${label}: no result yet`;
    })
    .join('; ');
  if (winners.length === 0) return `No model tested can ${goal} (${each}).`;
  if (winners.length > 1)
    return `${listed(winners.map(labelOf))} need the same fleet to ${goal}: ${robots(winnerRobots)} (${each}).`;
  return `${labelOf(winners[0])} needs the fewest robots to ${goal}: ${robots(winnerRobots)} (${each}).`;
}

/** A time split's parts as shares of its total, in `TIME_SPLIT_PARTS`' order; null without a split. */
export function timeSplitShares(
  split: TimeSplitRecord | null,
): { key: (typeof TIME_SPLIT_PARTS)[number]['key']; label: string; seconds: number; share: number }[] | null {
  if (!split) return null;
  const total = TIME_SPLIT_PARTS.reduce((sum, part) => sum + split[part.key], 0);
  return TIME_SPLIT_PARTS.map((part) => ({
    key: part.key,
    label: part.label,
    seconds: split[part.key],
    share: total > 0 ? split[part.key] / total : 0,
  }));
}

/**
 * A robot-model comparison as CSV: one line per point (model, robots, the compared figure, mean
 * cycle time, the time split in seconds, status, whether it is the answer's), figures as the API
 * gives them to the hundredth.
 */
export function robotModelCsv(
  record: Pick<
    ExperimentRecord,
    'points' | 'robot_models' | 'target_makespan_s' | 'target_throughput_per_h' | 'parameters'
  >,
): string {
  const comparison = robotModelComparisonOf(record);
  const figure = (value: number | null) => (value === null ? '' : String(Math.round(value * 100) / 100));
  const lines = [
    [
      'robot_model',
      'robot_count',
      comparison.figure,
      'mean_cycle_s',
      ...TIME_SPLIT_PARTS.map((part) => part.key),
      'status',
      'answer',
      'solve_id',
    ].join(','),
  ];
  for (const row of robotModelRows(record, comparison.figure)) {
    const answer = isAnswerRow(comparison, row);
    lines.push(
      [
        JSON.stringify(row.model),
        row.robots ?? '',
        figure(row.value),
        figure(row.meanCycleS),
        ...TIME_SPLIT_PARTS.map((part) => figure(row.timeSplit?.[part.key] ?? null)),
        row.status,
        answer ? 'yes' : '',
        row.solveId,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
