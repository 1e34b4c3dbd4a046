// A small hand-made shift for the results and player tests, every figure worked out by hand.
// The floor of the traffic replay's tests (5 x 3: station R1 at (0, 0), pickup P1 stood on at
// (2, 1), dropoff D1 at (4, 0)), one robot R1_1, 1 m/s (steps of 1 s), no handling. A 1.5 h
// shift (5,400 s), five orders, each P1 -> D1:
//
//   O1 released    0 s: leaves at once, at P1 at    3 s, at D1 at    6 s (cycle  6 s), home at   10 s
//   O2 released 1800 s: leaves at once, at P1 at 1803 s, at D1 at 1806 s (cycle  6 s)
//   O3 released 1801 s: from D1 back to P1 at 1809 s, at D1 at 1812 s   (cycle 11 s), home at 1816 s
//   O4 released 3700 s: at P1 at 3703 s, at D1 at 3706 s                (cycle  6 s), home at 3710 s
//   O5 released 5398 s: the robot is two cells on its way when the shift ends: never picked up
//
// Released 5, delivered 4, open at the end 1. Cycle times 6, 6, 6, 11: P50 (the 2nd of 4) 6 s,
// P95 (the 4th) and max 11 s; in bins of 5 s, 3 in [5, 10) and 1 in [10, 15). Backlog at most 2
// (O2 and O3 from 1801 s to 1806 s). Hour 0 (0-1 h): 3 released, 3 delivered, 0 open at its
// end; hour 1 (1-1.5 h): 2 released, 1 delivered, 1 open. Throughput after the warm-up hour: 1
// delivery in 0.5 h = 2 an hour. Driven: loaded 12 s, empty 26 s (3 + 4, 3 + 3 + 4, 3 + 4, 2),
// 38 s of 5,400: 0.70% busy; 38 m for 4 orders: 9.5 m and 0.95% of a 1,000 m charge each.

import type { ExecutionRecord, ShiftStatsRecord } from '@fleetlab/warehouse';
import { TRAFFIC_FLOOR } from '../../player/traffic-replay.fixture.ts';
import { SPEC_DEFAULT_SETTINGS } from '../../test/fixtures.ts';

export const SHIFT_FLOOR = TRAFFIC_FLOOR;

export const SHIFT_PARAMETERS = {
  ...SPEC_DEFAULT_SETTINGS,
  algorithm_type: 'makespan',
  shift: { hours: 1.5, orders_per_hour: 4, dispatch: 'reoptimise', reoptimise_every_s: 60, seed: 1 },
} as const;

const SHIFT_S = 5400;

export const SHIFT_STATS: ShiftStatsRecord = {
  hours: 1.5,
  dispatch: 'reoptimise',
  orders_per_hour: 3.33,
  released: 5,
  delivered: 4,
  throughput_per_h: 2,
  cycle_p50_s: 6,
  cycle_p95_s: 11,
  cycle_max_s: 11,
  backlog_max: 2,
  backlog_end: 1,
  backlog_trend: 'stable',
  by_hour: [
    { hour: 0, released: 3, delivered: 3, backlog_end: 0 },
    { hour: 1, released: 2, delivered: 1, backlog_end: 1 },
  ],
  cycle_histogram: { bin_s: 5, counts: [0, 3, 1] },
  utilisation: {
    total: {
      idle: 0.993,
      drive_empty: 0.0048,
      drive_loaded: 0.0022,
      waiting: 0,
      queued: 0,
      charging: 0,
      handling: 0,
      stopped: 0,
      dock_queued: 0,
    },
    robots: {
      R1_1: {
        idle: 0.993,
        drive_empty: 0.0048,
        drive_loaded: 0.0022,
        waiting: 0,
        queued: 0,
        charging: 0,
        handling: 0,
        stopped: 0,
        dock_queued: 0,
      },
    },
  },
  utilisation_pct: 0.7,
  charger_queue_p95_s: 0,
  energy_per_order_pct: 0.95,
  distance_per_order_m: 9.5,
  replans: 90,
};

/** One cell a step from R1 to P1 and on to D1, as [step, x, y] waypoints from `start`. */
function trip(start: number, from: 'R1' | 'D1'): number[] {
  const toPickup =
    from === 'R1'
      ? [
          [1, 0],
          [2, 0],
          [2, 1],
        ]
      : [
          [3, 0],
          [2, 0],
          [2, 1],
        ];
  const toDropoff = [
    [2, 0],
    [3, 0],
    [4, 0],
  ];
  return [...toPickup, ...toDropoff].flatMap(([x, y], index) => [start + index + 1, x, y]);
}

function home(start: number): number[] {
  return [
    [3, 0],
    [2, 0],
    [1, 0],
    [0, 0],
  ].flatMap(([x, y], index) => [start + index + 1, x, y]);
}

export const SHIFT_EXECUTION: ExecutionRecord = {
  step_s: 1,
  robots: {
    R1_1: {
      timeline: [
        0,
        0,
        0,
        ...trip(0, 'R1'),
        ...home(6),
        ...trip(1800, 'R1'),
        ...trip(1806, 'D1'),
        ...home(1812),
        ...trip(3700, 'R1'),
        ...home(3706),
        5399,
        1,
        0,
        5400,
        2,
        0,
      ],
      deliveries: [
        { pickup: 'P1', dropoff: 'D1', done_s: 6, order: 'O1' },
        { pickup: 'P1', dropoff: 'D1', done_s: 1806, order: 'O2' },
        { pickup: 'P1', dropoff: 'D1', done_s: 1812, order: 'O3' },
        { pickup: 'P1', dropoff: 'D1', done_s: 3706, order: 'O4' },
      ],
      charges: [],
      waiting_s: 0,
      queued_s: 0,
      distance_m: 38,
      finish_s: 3706,
      extra_charges: 0,
      // idle 0, drive_empty 1, drive_loaded 2
      activities: [
        0, 1, 3, 2, 6, 1, 10, 0, 1800, 1, 1803, 2, 1806, 1, 1809, 2, 1812, 1, 1816, 0, 3700, 1, 3703, 2, 3706, 1, 3710,
        0, 5398, 1,
      ],
    },
  },
  totals: {
    planned_makespan_s: SHIFT_S,
    free_flow_makespan_s: SHIFT_S,
    executed_makespan_s: 3706,
    waiting_s: 0,
    max_robot_waiting_s: 0,
    max_waiting_robot: null,
    throughput_per_h: 2.67,
    deliveries: 4,
    charger_queue_s: { R1: 0 },
    extra_charges: 0,
    deadlocks_resolved: 0,
    reserve_replays: 0,
    steps: SHIFT_S,
    conflicts: 0,
  },
  heatmap: { width: 5, height: 3, wait_s: new Array(15).fill(0) },
  orders: [
    { id: 'O1', pickup: 'P1', dropoff: 'D1', release_s: 0, pickup_s: 3, done_s: 6, robot: 'R1_1' },
    { id: 'O2', pickup: 'P1', dropoff: 'D1', release_s: 1800, pickup_s: 1803, done_s: 1806, robot: 'R1_1' },
    { id: 'O3', pickup: 'P1', dropoff: 'D1', release_s: 1801, pickup_s: 1809, done_s: 1812, robot: 'R1_1' },
    { id: 'O4', pickup: 'P1', dropoff: 'D1', release_s: 3700, pickup_s: 3703, done_s: 3706, robot: 'R1_1' },
    { id: 'O5', pickup: 'P1', dropoff: 'D1', release_s: 5398 },
  ],
};

const step = (from: string, done: number, odometer: number, order: string, release: number) => ({
  task: ['P1', 'D1'],
  path: [from, 'P1', 'D1'],
  total_distance: odometer,
  odometer_m: odometer,
  completion_time: done,
  battery_remaining: 100 - odometer / 10,
  battery_capacity: 100,
  max_distance: 1000,
  order_id: order,
  release_s: release,
});

/** What happened, spec-shaped: each delivery with its order and release; odometer 6, 16, 22, 32 m. */
export const SHIFT_RESULTS = {
  R1_1: [
    step('R1', 6, 6, 'O1', 0),
    step('R1', 1806, 16, 'O2', 1800),
    step('D1', 1812, 22, 'O3', 1801),
    step('R1', 3706, 32, 'O4', 3700),
  ],
  R1_2: [],
};

export const SHIFT_SOLVE_STATS = {
  algorithm: 'makespan',
  algorithm_id: 6,
  makespan_s: 3706,
  total_distance_m: 38,
  recharges: 0,
  deliveries: 4,
  lower_bound_s: 0,
  gap: 0,
  lower_bound_battery_s: 0,
  gap_battery: 0,
  runtime_ms: 40,
  seed: 1,
  iterations: 0,
  stop_reason: 'completed',
  distances: 'floor',
  execution: SHIFT_EXECUTION.totals,
  shift: SHIFT_STATS,
};
