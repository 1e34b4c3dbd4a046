import type { ExperimentPoint, ExperimentRecord } from '@fleetlab/warehouse';

const STAMP = { created_at: '2025-03-02T08:00:00.000Z', updated_at: '2025-03-02T08:05:00.000Z' };

const stats = (makespan: number, lowerBound: number) => ({
  makespan_s: makespan,
  total_distance_m: makespan * 2,
  recharges: 1,
  gap: makespan / lowerBound - 1,
  runtime_ms: 1500,
  lower_bound_s: lowerBound,
  deliveries: 10,
  executed_makespan_s: null,
  free_flow_makespan_s: null,
  throughput_per_h: null,
  waiting_s: null,
  max_robot_waiting_s: null,
  charger_queue_s: null,
  shift: null,
});

const PARAMETERS = {
  time_limit: 5,
  battery_capacity: 100,
  max_distance: 1000,
  robot_speed: 1,
  recharge_time: 3,
  balance_factor: 50,
  objective_weights: { completion_time: 100 },
};

const point = (solveId: number, robotCount: number, makespan: number | null, lowerBound = 150): ExperimentPoint => ({
  solve_id: solveId,
  algorithm: 'makespan',
  robot_count: robotCount,
  chargers: null,
  orders_per_hour: null,
  parameters: { ...PARAMETERS, algorithm_type: 'makespan', robot_count: robotCount },
  status: makespan === null ? 'failed' : 'completed',
  stats: makespan === null ? null : stats(makespan, lowerBound),
  error: makespan === null ? 'pickup P7 is unreachable from every robot' : null,
});

/**
 * "Fleet size": makespan at 1..5 robots of 400, 210, 200, 198 s and a failed 5-robot point.
 * Best 198 s: within 5% (207.9 s) the knee is 3 robots; within 10% (217.8 s) it is 2.
 */
export const FLEET_SWEEP: ExperimentRecord = {
  id: 51,
  name: 'Fleet size',
  description: 'How many robots?',
  kind: 'fleet_sweep',
  status: 'completed',
  environment_id: 11,
  scenario_id: 21,
  task_id: 31,
  algorithms: ['makespan'],
  robot_counts: [1, 2, 3, 4, 5],
  charger_counts: [],
  rates: [],
  parameters: PARAMETERS,
  knee_tolerance: 0.05,
  cycle_p95_target_s: null,
  progress: { completed: 4, failed: 1, total: 5 },
  points: [point(61, 1, 400, 160), point(62, 2, 210), point(63, 3, 200), point(64, 4, 198), point(65, 5, null)],
  cancelled_at: null,
  ...STAMP,
};

/** "Which algorithm": auction 320 s, greedy 300 s (best), kmeans still running. */
export const ALGORITHM_COMPARISON: ExperimentRecord = {
  ...FLEET_SWEEP,
  id: 52,
  name: 'Which algorithm',
  description: null,
  kind: 'algorithm_comparison',
  status: 'running',
  algorithms: ['auction', 'greedy_distance', 'kmeans'],
  robot_counts: [],
  progress: { completed: 2, failed: 0, total: 3 },
  points: [
    { ...point(71, 3, 320), algorithm: 'auction', parameters: { ...PARAMETERS, algorithm_type: 'auction', robot_count: 3 } },
    { ...point(72, 3, 300), algorithm: 'greedy_distance', parameters: { ...PARAMETERS, algorithm_type: 'greedy_distance', robot_count: 3 } },
    {
      solve_id: 73,
      algorithm: 'kmeans',
      robot_count: 3,
      chargers: null,
      orders_per_hour: null,
      parameters: { ...PARAMETERS, algorithm_type: 'kmeans', robot_count: 3 },
      status: 'running',
      stats: null,
      error: null,
    },
  ],
};
