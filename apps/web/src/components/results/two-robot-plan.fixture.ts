// A small named plan used by the results, export and player tests. The numbers are chosen
// so every figure is easy to check by hand: 1 m cells, robot_speed 1, max_distance 20.
//
//   R1 / R1_1 / R1_2 (0.5,0.5) --3-- N1 (3.5,0.5) --3-- P1 (6.5,0.5)
//                                    |  \                 |
//                                    4    5               4
//                                    |      \             |
//                     R2_1 (0.5,4.5) P2 (3.5,4.5) --3-- D1 (6.5,4.5)

export const TWO_ROBOT_PARAMETERS = {
  time_limit: 300,
  algorithm_type: 'greedy_distance',
  battery_capacity: 100,
  max_distance: 20,
  robot_speed: 1,
  recharge_time: 3,
  balance_factor: 50,
  objective_weights: { completion_time: 100 },
} as const;

function edge(from: string, to: string, weight: number) {
  return [
    { from, to, weight },
    { from: to, to: from, weight },
  ];
}

export const TWO_ROBOT_ENVIRONMENT = {
  id: 7,
  name: 'Two-robot test bay',
  description: 'A 8 x 6 bay for the results tests',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  version: 1,
  latest_version: 1,
  dimensions: { width: 8, height: 6 },
  elements: {
    shelves: [{ id: 'S1', position: [4, 2] as [number, number], size: [2, 2] as [number, number] }],
    dropoffs: [{ id: 'D1', position: [6.5, 4.5] as [number, number] }],
    robot_stations: [
      { id: 'R1', position: [0.5, 0.5] as [number, number], robot_count: 2 },
      { id: 'R2', position: [0.5, 4.5] as [number, number], robot_count: 1 },
    ],
    pickups: [
      { id: 'P1', position: [6.5, 0.5] as [number, number], shelf_id: 'S1', side: 'top' as const },
      { id: 'P2', position: [3.5, 4.5] as [number, number], shelf_id: 'S1', side: 'left' as const },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 0.5] as [number, number], station_index: 0 },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 0.5] as [number, number], station_index: 1 },
      { id: 'R2_1', station_id: 'R2', position: [0.5, 4.5] as [number, number], station_index: 0 },
    ],
    navigation_points: [{ id: 'N1', position: [3.5, 0.5] as [number, number], shelf_id: 'S1' }],
  },
  graph: {
    nodes: [
      { id: 'R1', type: 'robot_station' as const, x: 0.5, y: 0.5 },
      { id: 'R2', type: 'robot_station' as const, x: 0.5, y: 4.5 },
      { id: 'R1_1', type: 'robot' as const, x: 0.5, y: 0.5 },
      { id: 'R1_2', type: 'robot' as const, x: 0.5, y: 0.5 },
      { id: 'R2_1', type: 'robot' as const, x: 0.5, y: 4.5 },
      { id: 'N1', type: 'navigation' as const, x: 3.5, y: 0.5 },
      { id: 'P1', type: 'pickup' as const, x: 6.5, y: 0.5, side: 'top' as const, shelf_id: 'S1' },
      { id: 'P2', type: 'pickup' as const, x: 3.5, y: 4.5, side: 'left' as const, shelf_id: 'S1' },
      { id: 'D1', type: 'dropoff' as const, x: 6.5, y: 4.5 },
    ],
    edges: [
      ...edge('R1', 'N1', 3),
      ...edge('R1_1', 'N1', 3),
      ...edge('R1_2', 'N1', 3),
      ...edge('R2_1', 'P2', 3),
      ...edge('N1', 'P1', 3),
      ...edge('N1', 'P2', 4),
      ...edge('N1', 'D1', 5),
      ...edge('P1', 'D1', 4),
      ...edge('P2', 'D1', 3),
    ],
  },
};

const stepBattery = { battery_capacity: 100, max_distance: 20 } as const;

/**
 * R1_1: two deliveries, a recharge at R1 (3 min), one more delivery.
 * R1_2: one delivery, then a recharge in place (6 min).
 * R2_1: no work.
 * total_distance counts since the last charge (the recharge step includes its 8 m leg to R1);
 * odometer_m counts from t = 0: R1_1 drives 10 + 6 + 8 + 10 = 34 m, R1_2 10 m.
 */
export const TWO_ROBOT_RESULTS = {
  R1_1: [
    {
      task: ['P1', 'D1'],
      path: ['R1_1', 'N1', 'P1', 'D1'],
      total_distance: 10,
      odometer_m: 10,
      completion_time: 10,
      battery_remaining: 50,
      ...stepBattery,
    },
    {
      task: ['P2', 'D1'],
      path: ['D1', 'P2', 'D1'],
      total_distance: 16,
      odometer_m: 16,
      completion_time: 16,
      battery_remaining: 20,
      ...stepBattery,
    },
    {
      task: 'recharge',
      path: ['D1', 'N1', 'R1'],
      total_distance: 24,
      odometer_m: 24,
      completion_time: 204,
      battery_remaining: 100,
      recharge_time: 3,
      ...stepBattery,
    },
    {
      task: ['P1', 'D1'],
      path: ['R1', 'N1', 'P1', 'D1'],
      total_distance: 10,
      odometer_m: 34,
      completion_time: 214,
      battery_remaining: 50,
      ...stepBattery,
    },
  ],
  R1_2: [
    {
      task: ['P2', 'D1'],
      path: ['R1_2', 'N1', 'P2', 'D1'],
      total_distance: 10,
      odometer_m: 10,
      completion_time: 10,
      battery_remaining: 50,
      ...stepBattery,
    },
    {
      task: 'recharge_in_place',
      path: ['D1'],
      total_distance: 10,
      odometer_m: 10,
      completion_time: 370,
      battery_remaining: 100,
      recharge_time: 6,
      ...stepBattery,
    },
  ],
  R2_1: [],
};

export const TWO_ROBOT_STATS = {
  algorithm: 'greedy_distance',
  makespan_s: 214,
  total_distance_m: 44,
  recharges: 2,
  lower_bound_s: 210.25,
  gap: 214 / 210.25 - 1,
  runtime_ms: 3,
  seed: 1,
};

export const TWO_ROBOT_SOLVE = {
  id: 42,
  name: 'Solve for Two-robot bay',
  description: 'fixture',
  status: 'completed' as const,
  environment_id: 7,
  environment: { id: 7, name: 'Two-robot test bay' },
  environment_version: 1,
  environment_latest_version: 1,
  scenario_id: 3,
  task_id: 5,
  algorithm_id: 1,
  parameters: TWO_ROBOT_PARAMETERS,
  celery_task_id: 'solve-42',
  results: TWO_ROBOT_RESULTS,
  stats: TWO_ROBOT_STATS,
  progress: null,
  tasks: [],
  created_at: '2026-01-05T10:05:00.000Z',
  updated_at: '2026-01-05T10:06:00.000Z',
};
