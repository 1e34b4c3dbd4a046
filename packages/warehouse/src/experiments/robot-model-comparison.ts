import { type ExperimentPoint, pointUnfinished } from '../records/experiment.ts';
import { type RobotModelParameter, robotModelName } from '../records/robot-models.ts';

/**
 * The figure a robot-model comparison reads: a day's executed makespan when every finished point
 * ran on the shared floor, else every point's planned makespan (so a model whose plan could not
 * run yet is never compared with another's executed day); a shift's throughput.
 */
export type ComparedFigure = 'executed_makespan_s' | 'makespan_s' | 'throughput_per_h';

export function comparedFigureOf(points: readonly Pick<ExperimentPoint, 'stats'>[], shift: boolean): ComparedFigure {
  if (shift) return 'throughput_per_h';
  const finished = points.flatMap((point) => (point.stats ? [point.stats] : []));
  return finished.length > 0 && finished.every((stats) => stats.executed_makespan_s !== null)
    ? 'executed_makespan_s'
    : 'makespan_s';
}

/** A finished point's compared figure; null before it finished, or when it lacks the figure. */
export function comparedValue(point: Pick<ExperimentPoint, 'stats'>, figure: ComparedFigure): number | null {
  const stats = point.stats;
  if (!stats) return null;
  if (figure === 'throughput_per_h') return stats.shift?.throughput_per_h ?? null;
  return stats[figure];
}

/** Whether a figure meets the target: a makespan at most it, a throughput at least it. */
function meets(figure: ComparedFigure, value: number, target: number): boolean {
  return figure === 'throughput_per_h' ? value >= target - 1e-9 : value <= target + 1e-9;
}

/** Whether `a` is a better figure than `b`: a shorter makespan, a higher throughput. */
function better(figure: ComparedFigure, a: number, b: number): boolean {
  return figure === 'throughput_per_h' ? a > b : a < b;
}

/** One model's part of the answer. */
export type RobotModelFinding<T> =
  /** `point`: the fewest robots tested that meet the target (`robots` null: the scenario's fleet). */
  | { readonly model: string; readonly status: 'met'; readonly point: T; readonly robots: number | null }
  /** No fleet tested meets it; `closest` is the point with the best figure. */
  | { readonly model: string; readonly status: 'none_met'; readonly closest: T }
  /** No point of the model has the figure yet. */
  | { readonly model: string; readonly status: 'no_points' };

export interface RobotModelComparison<T> {
  readonly figure: ComparedFigure;
  /** Null: the comparison has no target, and `perModel` is empty. */
  readonly target: number | null;
  readonly perModel: readonly RobotModelFinding<T>[];
  /**
   * The models that need the fewest robots for the target, in the order given (several when
   * they tie), and that fleet; empty when no model meets it. Without a target: the models with
   * the best figure at the largest fleet every model ran.
   */
  readonly winners: readonly string[];
  readonly winnerRobots: number | null;
  /**
   * Without a target: every fleet all the models ran, smallest first, when `winners` do best at
   * each of them and there are two or more; else empty (the answer holds at `winnerRobots` only).
   */
  readonly everyFleet: readonly (number | null)[];
  /**
   * Points not yet finished (pending or running) whose result could still change the answer: a
   * fleet smaller than the fewest its model meets the target with, or any fleet of a model that
   * has not met it; without a target, any point. Zero: the answer is final.
   */
  readonly open: number;
}

/**
 * A robot-model comparison's answer: per model, the fewest robots that meet the target (a
 * makespan at most `target`, or a shift's throughput at least it), and which model needs fewest.
 * Points are matched to a model by the name of their `parameters.robot_model`.
 */
export function compareRobotModels<T extends Pick<ExperimentPoint, 'stats' | 'robot_count' | 'parameters' | 'status'>>(
  points: readonly T[],
  models: readonly RobotModelParameter[],
  target: number | null,
  shift: boolean,
): RobotModelComparison<T> {
  const figure = comparedFigureOf(points, shift);
  const names = models.map(robotModelName);
  const finished = (name: string) =>
    points
      .flatMap((point) => {
        const value = comparedValue(point, figure);
        return robotModelName(point.parameters.robot_model) === name && value !== null ? [{ point, value }] : [];
      })
      .sort((a, b) => (a.point.robot_count ?? 0) - (b.point.robot_count ?? 0));
  // A fleet of the scenario's size (null) counts as the largest.
  const size = (count: number | null) => count ?? Number.POSITIVE_INFINITY;
  if (target === null) {
    const open = points.filter(pointUnfinished).length;
    const done = names.map(finished);
    const counts = done.map((modelPoints) => new Set(modelPoints.map(({ point }) => point.robot_count)));
    const shared = [...(counts[0] ?? [])]
      .filter((count) => counts.every((set) => set.has(count)))
      .sort((a, b) => size(a) - size(b));
    if (shared.length === 0)
      return { figure, target, perModel: [], winners: [], winnerRobots: null, everyFleet: [], open };
    const bestAt = (fleet: number | null) => {
      const at = done.map(
        (modelPoints) => modelPoints.find(({ point }) => point.robot_count === fleet)?.value as number,
      );
      const best = at.reduce((a, b) => (better(figure, b, a) ? b : a));
      return names.filter((_, k) => at[k] === best);
    };
    // The answer at the fleet the planner would run, the largest all ran; and whether it holds at each.
    const fleet = shared[shared.length - 1];
    const winners = bestAt(fleet);
    const same = shared.every((count) => bestAt(count).join() === winners.join());
    return {
      figure,
      target,
      perModel: [],
      winners,
      winnerRobots: fleet,
      everyFleet: same && shared.length > 1 ? shared : [],
      open,
    };
  }
  const perModel = names.map((name): RobotModelFinding<T> => {
    const done = finished(name);
    if (done.length === 0) return { model: name, status: 'no_points' };
    const first = done.find(({ value }) => meets(figure, value, target));
    if (first) return { model: name, status: 'met', point: first.point, robots: first.point.robot_count };
    const closest = done.reduce((a, b) => (better(figure, b.value, a.value) ? b : a));
    return { model: name, status: 'none_met', closest: closest.point };
  });
  const open = points.filter((point) => {
    if (!pointUnfinished(point)) return false;
    const finding = perModel[names.indexOf(robotModelName(point.parameters.robot_model))];
    return finding?.status !== 'met' || size(point.robot_count) < size(finding.robots);
  }).length;
  const met = perModel.filter((finding) => finding.status === 'met');
  if (met.length === 0) return { figure, target, perModel, winners: [], winnerRobots: null, everyFleet: [], open };
  const fewest = Math.min(...met.map((finding) => finding.robots ?? 0));
  return {
    figure,
    target,
    perModel,
    winners: met.filter((finding) => (finding.robots ?? 0) === fewest).map((finding) => finding.model),
    winnerRobots: met.find((finding) => (finding.robots ?? 0) === fewest)?.robots ?? null,
    everyFleet: [],
    open,
  };
}
