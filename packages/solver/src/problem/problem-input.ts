import type { SolveParametersRecord } from '@fleetlab/warehouse';

/**
 * The parameters the model reads (spec §3 names; the domain words and their defaults live in
 * @fleetlab/warehouse). buildProblem fills the spec §9 defaults.
 */
export type SolveParameters = Pick<
  SolveParametersRecord,
  'time_limit' | 'battery_capacity' | 'max_distance' | 'robot_speed' | 'recharge_time' | 'balance_factor' | 'objective_weights'
> & { algorithm_type?: string };

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
