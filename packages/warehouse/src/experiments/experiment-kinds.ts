import type { AlgorithmName } from '../records/algorithms.ts';
import { ALGORITHM_BY_NAME } from '../records/algorithms.ts';
import type { ExperimentKind } from '../records/experiment.ts';
import { type RobotModelParameter, robotModelName } from '../records/robot-models.ts';

/** One solve an experiment asks for: its algorithm and what the point sets on top of the experiment's settings. */
export interface PlannedExperimentPoint {
  readonly algorithm: AlgorithmName;
  /** The fleet size (undefined: the scenario's fleet, fixed by the experiment). */
  readonly robotCount: number | undefined;
  /** Chargers per station (undefined: the experiment's `parameters.chargers`, else each station's own). */
  readonly chargers: number | undefined;
  /** A rate sweep's rate, which replaces `parameters.shift.orders_per_hour`. */
  readonly ordersPerHour: number | undefined;
  /** A robot-model comparison's model, which sets `parameters.robot_model` (undefined: the experiment's). */
  readonly robotModel: RobotModelParameter | undefined;
  /** The point's part of its solve's name: '3 robots', '2 chargers per station', 'Greedy nearest'. */
  readonly label: string;
}

/** What a kind's points are made of: an experiment's create body, or a sweep continued. */
export interface ExperimentPointsInput {
  readonly algorithm?: AlgorithmName;
  readonly algorithms?: readonly AlgorithmName[];
  readonly robot_counts?: readonly number[];
  readonly charger_counts?: readonly number[];
  readonly rates?: readonly number[];
  readonly robot_models?: readonly RobotModelParameter[];
  readonly parameters: { readonly chargers?: number };
}

/** The record field that lists a kind's points. */
export type ExperimentPointsField = 'robot_counts' | 'charger_counts' | 'rates' | 'algorithms' | 'robot_models';

interface ExperimentKindInfo {
  /** What every page calls the kind. */
  readonly label: string;
  /** What its points vary, and so its chart's x axis. */
  readonly axis: 'robots' | 'chargers' | 'rate' | 'algorithm' | 'robot_model';
  /** The create body's (and the record's) list of its points. */
  readonly pointsField: ExperimentPointsField;
  /**
   * How its answer is read: the knee of a sweep (a shift sweep: the fewest that hold the rate),
   * the highest sustained rate, the best algorithm, the fewest robots each robot model needs for
   * the target (`compareRobotModels`).
   */
  readonly answer: 'knee' | 'highest_sustained_rate' | 'best_algorithm' | 'robots_per_model';
  /** Whether "test more" may continue it past its largest value (POST /experiments/{id}/points). */
  readonly continuable: boolean;
  /**
   * Its points, in the order they are stored: sweeps from the smallest value, a comparison in the
   * order given. `fleet` is the scenario's fleet the kind runs on when its points do not set one.
   */
  points(input: ExperimentPointsInput, fleet: number | undefined): PlannedExperimentPoint[];
}

const ascending = (values: readonly number[] | undefined) => [...(values ?? [])].sort((a, b) => a - b);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The one algorithm of a sweep: the schema requires it, so its absence is a caller's bug. */
function sweptAlgorithm(input: ExperimentPointsInput): AlgorithmName {
  if (input.algorithm === undefined) throw new TypeError('A sweep names its algorithm');
  return input.algorithm;
}

/**
 * The one table of experiment kinds: the server makes an experiment's points and the pages
 * label, chart and answer it from here. A kind is one entry: adding one to `experimentKindValues`
 * without its entry here is a compile error, and nothing falls through to another kind.
 */
export const EXPERIMENT_KINDS: Record<ExperimentKind, ExperimentKindInfo> = {
  fleet_sweep: {
    label: 'Fleet sweep',
    axis: 'robots',
    pointsField: 'robot_counts',
    answer: 'knee',
    continuable: true,
    points: (input) =>
      ascending(input.robot_counts).map((count) => ({
        algorithm: sweptAlgorithm(input),
        robotCount: count,
        chargers: input.parameters.chargers,
        ordersPerHour: undefined,
        robotModel: undefined,
        label: plural(count, 'robot', 'robots'),
      })),
  },
  algorithm_comparison: {
    label: 'Algorithm comparison',
    axis: 'algorithm',
    pointsField: 'algorithms',
    answer: 'best_algorithm',
    continuable: false,
    points: (input, fleet) =>
      (input.algorithms ?? []).map((algorithm) => ({
        algorithm,
        robotCount: fleet,
        chargers: input.parameters.chargers,
        ordersPerHour: undefined,
        robotModel: undefined,
        label: ALGORITHM_BY_NAME[algorithm].label,
      })),
  },
  charger_sweep: {
    label: 'Charger sweep',
    axis: 'chargers',
    pointsField: 'charger_counts',
    answer: 'knee',
    continuable: true,
    points: (input, fleet) =>
      ascending(input.charger_counts).map((chargers) => ({
        algorithm: sweptAlgorithm(input),
        robotCount: fleet,
        chargers,
        ordersPerHour: undefined,
        robotModel: undefined,
        label: `${plural(chargers, 'charger', 'chargers')} per station`,
      })),
  },
  rate_sweep: {
    label: 'Rate sweep',
    axis: 'rate',
    pointsField: 'rates',
    answer: 'highest_sustained_rate',
    continuable: true,
    points: (input, fleet) =>
      ascending(input.rates).map((rate) => ({
        algorithm: sweptAlgorithm(input),
        robotCount: fleet,
        chargers: input.parameters.chargers,
        ordersPerHour: rate,
        robotModel: undefined,
        label: `${rate} orders/h`,
      })),
  },
  robot_model_comparison: {
    label: 'Robot model comparison',
    axis: 'robot_model',
    pointsField: 'robot_models',
    answer: 'robots_per_model',
    continuable: false,
    // Each model in the order given, at each robot count from the smallest (no counts: the scenario's fleet).
    points: (input, fleet) =>
      (input.robot_models ?? []).flatMap((model) =>
        (input.robot_counts === undefined ? [fleet] : ascending(input.robot_counts)).map((count) => ({
          algorithm: sweptAlgorithm(input),
          robotCount: count,
          chargers: input.parameters.chargers,
          ordersPerHour: undefined,
          robotModel: model,
          label:
            input.robot_counts === undefined
              ? robotModelName(model)
              : `${robotModelName(model)} · ${plural(count ?? 0, 'robot', 'robots')}`,
        })),
      ),
  },
};
