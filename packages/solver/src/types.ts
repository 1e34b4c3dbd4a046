import type { StopReason } from './algorithms/context.ts';
/** Names of the seven assignment algorithms (spec §7 ids 1..7). */
export type AlgorithmName =
  | 'greedy_distance'
  | 'hungarian'
  | 'kmeans'
  | 'auction'
  | 'genetic'
  | 'makespan'
  | 'marginal_benefit';

/** The five measures that `objective_weights` may weigh (solve model, "Objectives"). */
export type ObjectiveName =
  | 'completion_time'
  | 'distance_traveled'
  | 'energy_usage'
  | 'balanced_workload'
  | 'cost_efficiency';

export const OBJECTIVE_NAMES: readonly ObjectiveName[] = [
  'completion_time',
  'distance_traveled',
  'energy_usage',
  'balanced_workload',
  'cost_efficiency',
];

export type ObjectiveWeights = Partial<Record<ObjectiveName, number>>;

/** A solve's `parameters` (spec §3), with the defaults of spec §9 filled in by buildProblem. */
export interface SolveParameters {
  time_limit: number;
  battery_capacity: number;
  max_distance: number;
  robot_speed: number;
  /** Minutes spent at the home station per recharge. */
  recharge_time: number;
  balance_factor: number;
  objective_weights: ObjectiveWeights;
  algorithm_type?: string;
}

export const DEFAULT_PARAMETERS: Readonly<SolveParameters> = Object.freeze({
  time_limit: 300,
  battery_capacity: 100,
  max_distance: 1000,
  robot_speed: 1,
  recharge_time: 3,
  balance_factor: 50,
  objective_weights: Object.freeze({ completion_time: 100 }),
});

export interface GraphNode {
  id: string;
  type?: string;
  x?: number;
  y?: number;
  [key: string]: unknown;
}

export interface GraphEdge {
  from: string;
  to: string;
  weight: number;
}

export interface EnvironmentInput {
  elements: {
    robots?: { id: string; station_id: string; position?: [number, number]; [key: string]: unknown }[];
    [key: string]: unknown;
  };
  graph: { nodes: GraphNode[]; edges: GraphEdge[] };
  dimensions?: { width: number; height: number };
  [key: string]: unknown;
}

export interface ProblemInput {
  environment: EnvironmentInput;
  tasks: [string, string][];
  params?: Partial<SolveParameters> | null;
}

export type RechargeTask = 'recharge' | 'recharge_in_place';

/** One step of a robot's plan, exactly as stored in `solve.results`. */
export interface PlanStep {
  task: [string, string] | RechargeTask;
  path: string[];
  /** Metres since the robot's last charge (a recharge step includes its leg to the station). */
  total_distance: number;
  /** Metres since t = 0, never reset. */
  odometer_m: number;
  completion_time: number;
  battery_remaining: number;
  battery_capacity: number;
  max_distance: number;
  recharge_time?: number;
}

export interface ObjectiveValues {
  completion_time: number;
  distance_traveled: number;
  energy_usage: number;
  balanced_workload: number;
  cost_efficiency: number;
}

export interface SolveStats {
  algorithm: AlgorithmName;
  algorithm_id: number;
  makespan_s: number;
  total_distance_m: number;
  recharges: number;
  deliveries: number;
  lower_bound_s: number;
  /** makespan / lower bound - 1 (0 when both are 0). */
  gap: number;
  /**
   * The tightest bound the solver proves (>= lower_bound_s): the largest of the model's bound, the
   * battery-aware one (the recharges each robot is forced into) and the detour-capacity one (what
   * the recharges' drives through the station add, and what each robot can drive on its charges).
   */
  lower_bound_battery_s: number;
  /** makespan / lower_bound_battery_s - 1 (0 when both are 0). */
  gap_battery: number;
  runtime_ms: number;
  seed: number;
  iterations: number;
  /** Why the search ended: optimal, stalled, time_limit, iteration_limit, or completed (constructive algorithms). */
  stop_reason: StopReason;
  /** The five raw measures of the plan. */
  objectives: ObjectiveValues;
  /** The weighted sum of the measures, each divided by its value in the greedy construction's plan. */
  objective_score: number;
  objective_weights: ObjectiveWeights;
}

/** Map robot id -> steps and nothing else (the figures travel beside it as `stats`). Every robot of the environment has a key. */
export type PlanResults = Record<string, PlanStep[]>;
