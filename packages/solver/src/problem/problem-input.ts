import type { SolveParametersRecord } from '@fleetlab/warehouse';
import type { FloorDistanceRows } from './floor-distance-rows.ts';

/**
 * The parameters the model reads (spec §3 names; the domain words and their defaults live in
 * @fleetlab/warehouse). buildProblem fills the spec §9 defaults.
 */
export type SolveParameters = Pick<
  SolveParametersRecord,
  | 'time_limit'
  | 'battery_capacity'
  | 'max_distance'
  | 'robot_speed'
  | 'recharge_time'
  | 'balance_factor'
  | 'objective_weights'
> &
  Partial<Pick<SolveParametersRecord, 'chargers' | 'handling_time_s' | 'battery_reserve_pct' | 'robot_model'>> & {
    algorithm_type?: string;
  };

/**
 * How the optimiser measures a leg: `floor` (default, the product's) walks the floor the robots
 * drive, 1 m cells, 4-neighbour moves (packages/warehouse's Floor); `graph` follows the spec's
 * straight navigation-graph edges, for comparisons with tools that use them.
 */
export type DistanceModel = 'floor' | 'graph';

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
  /** Needed by the `graph` distance model only. */
  graph?: { nodes: GraphNode[]; edges: GraphEdge[] };
  dimensions?: { width: number; height: number };
  [key: string]: unknown;
}

/**
 * Where a robot stands when the plan takes it over, when it is not the start of the day: a
 * dispatcher re-planning open orders mid-shift hands each robot over at the place it is bound
 * for (a dropoff of the work it is finishing, or its station), ready at `ready_s` seconds from
 * now, with `used_m` metres already driven on its present charge.
 */
export interface RobotHandover {
  place: string;
  ready_s: number;
  used_m: number;
}

export interface ProblemInput {
  environment: EnvironmentInput;
  tasks: [string, string][];
  params?: Partial<SolveParameters> | null;
  /** Default `floor`. */
  distances?: DistanceModel;
  /** Per robot id, where and when the plan takes it over (absent: at its start, at t = 0, fully charged). */
  handovers?: Record<string, RobotHandover>;
  /**
   * Floor model: walks kept from earlier problems on the same floor (a dispatcher re-planning a
   * shift), so each cell is walked from once for all of them. Absent: every place is walked from.
   */
  distanceRows?: FloorDistanceRows;
}
