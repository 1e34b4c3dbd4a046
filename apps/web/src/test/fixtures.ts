import type { Environment, Scenario, Solve, Task, User } from '../api/types.ts';

const STAMP = { created_at: '2025-03-01T09:00:00.000Z', updated_at: '2025-03-01T09:30:00.000Z' };

export const ADA: User = { id: 1, username: 'ada', email: 'ada@fleetlab.test' };

/** A 6x5 floor: one shelf with a pickup on each long side, one drop-off, one station with one robot. */
export const SMALL_WAREHOUSE: Environment = {
  id: 11,
  name: 'Small Warehouse',
  description: 'One aisle',
  dimensions: { width: 6, height: 5 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 2], size: [2, 1] }],
    dropoffs: [{ id: 'D1', position: [5.5, 0.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 4.5], robot_count: 1 }],
    pickups: [
      { id: 'P1', position: [3, 1.5], shelf_id: 'S1', side: 'top' },
      { id: 'P2', position: [3, 3.5], shelf_id: 'S1', side: 'bottom' },
    ],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 4.5], station_index: 0 }],
    navigation_points: [],
  },
  graph: { nodes: [], edges: [] },
  version: 1,
  latest_version: 1,
  ...STAMP,
};

export const CROSS_DOCK: Environment = { ...SMALL_WAREHOUSE, id: 12, name: 'Cross Dock', description: null };

export const MORNING_RUSH: Scenario = {
  id: 21,
  name: 'Morning Rush',
  description: 'Peak orders',
  environment_id: 11,
  environment: { id: 11, name: 'Small Warehouse' },
  environment_version: 1,
  environment_latest_version: 1,
  parameters: {},
  ...STAMP,
};

export const NIGHT_SHIFT: Scenario = {
  id: 22,
  name: 'Night Shift',
  description: null,
  environment_id: 12,
  environment: { id: 12, name: 'Cross Dock' },
  environment_version: 1,
  environment_latest_version: 1,
  parameters: { order_volume: 40, robot_count: 3 },
  ...STAMP,
};

export const RUSH_ORDERS: Task = {
  id: 31,
  name: 'Rush orders',
  description: 'Two deliveries',
  task_type: 'pickup_delivery',
  scenario_id: 21,
  status: 'pending',
  details: {
    tasks: [
      ['P1', 'D1'],
      ['P2', 'D1'],
    ],
  },
  ...STAMP,
};

export const NIGHT_ORDERS: Task = { ...RUSH_ORDERS, id: 32, name: 'Night orders', scenario_id: 22 };

/** Spec §9: the settings a solve or experiment form submits when nothing is changed (the algorithm aside). */
export const SPEC_DEFAULT_SETTINGS = {
  time_limit: 300,
  battery_capacity: 100,
  max_distance: 1000,
  robot_speed: 1,
  recharge_time: 3,
  objective_weights: { completion_time: 100 },
  balance_factor: 50,
};

/** Spec §9: the parameters the solve form submits when nothing is changed. */
export const SPEC_DEFAULT_SOLVE_PARAMETERS: Solve['parameters'] = {
  ...SPEC_DEFAULT_SETTINGS,
  algorithm_type: 'greedy_distance',
};

/** What the solve form submits when nothing is changed: the spec's parameters, robots that accelerate and turn. */
export const SOLVE_FORM_DEFAULT_PARAMETERS: Solve['parameters'] = {
  ...SPEC_DEFAULT_SOLVE_PARAMETERS,
  robot_model: 'drive-unit',
};

export function solveFixture(overrides: Partial<Solve> = {}): Solve {
  return {
    id: 41,
    name: 'Solve for Morning Rush',
    description: 'First try',
    status: 'pending',
    environment_id: 11,
    environment: { id: 11, name: 'Small Warehouse' },
    environment_version: 1,
    environment_latest_version: 1,
    scenario_id: 21,
    task_id: 31,
    algorithm_id: 1,
    parameters: structuredClone(SPEC_DEFAULT_SOLVE_PARAMETERS),
    celery_task_id: 'job-41',
    results: null,
    stats: null,
    progress: null,
    tasks: [RUSH_ORDERS],
    ...STAMP,
    ...overrides,
  };
}
