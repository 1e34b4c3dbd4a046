// Small plans made on the floor, written by hand for the planned replay's tests, every time
// worked out from the floor's walks (1 m cells, robot_speed 1: one cell per second).
//
// QUEUE_FLOOR (the traffic fixture's 5 x 3 floor): R1 at (0, 0) with R1_1 and R1_2 and one charger.
//   y=0   [R1]  .   .   .  [D1]
//   y=1    .    .  P1   .   .        P1: pickup on top of shelf S1, its robot stands on (2, 1)
//   y=2    .    .  S1   .   .
// Walks (right, left, down, up first): R1 -> P1 (1,0) (2,0) (2,1): 3 m; P1 -> D1 (3,1) (4,1) (4,0): 3 m;
// D1 -> R1 (3,0) (2,0) (1,0) (0,0): 4 m.
// Each robot delivers P1 -> D1 (done at 6 s) and drives home (10 s) to charge 3 min. One charger:
// R1_1 charges 10-190 s, R1_2 queues 10-190 s and charges 190-370 s.
//
// CORRIDOR_FLOOR (14 x 3): R1 at (0, 0), P1 on top of S1 at (7, 2) (its robot on (7, 1)), D1 at (13, 1).
// R1 -> P1 8 m, P1 -> D1 6 m, D1 -> P1 6 m: nine deliveries P1 -> D1 are done at 14, 26, ... 110 s:
// a plan of 1 min 50 s.

import { TRAFFIC_FLOOR } from './traffic-replay.fixture.ts';

const battery = { battery_capacity: 100, max_distance: 20 } as const;

export const QUEUE_PARAMETERS = {
  robot_speed: 1,
  recharge_time: 3,
  chargers: 1,
  handling_time_s: 0,
  ...battery,
} as const;

/** The traffic replay's hand-made floor. */
export const QUEUE_FLOOR = TRAFFIC_FLOOR;

function queuedRobot(robotId: string, chargeEnd: number, queued?: number, pickupQueued?: number) {
  return [
    {
      task: ['P1', 'D1'],
      path: [robotId, 'P1', 'D1'],
      total_distance: 6,
      odometer_m: 6,
      completion_time: 6 + (pickupQueued ?? 0),
      battery_remaining: 70,
      ...(pickupQueued ? { pickup_queued_s: pickupQueued } : {}),
      ...battery,
    },
    {
      task: 'recharge',
      path: ['D1', 'R1'],
      total_distance: 10,
      odometer_m: 10,
      completion_time: chargeEnd,
      battery_remaining: 100,
      recharge_time: 3,
      ...(queued ? { queued_s: queued } : {}),
      ...battery,
    },
  ];
}

// Both reach P1 at 3 s; it serves one robot at a time, so R1_2 enters at 4 s, is done at 7 s and
// home at 11 s, where it queues for the one charger until R1_1's charge ends at 190 s.
export const QUEUE_RESULTS = { R1_1: queuedRobot('R1_1', 190), R1_2: queuedRobot('R1_2', 370, 179, 1) };

export const FLOOR_STATS = { algorithm: 'greedy_distance', makespan_s: 6, distances: 'floor' } as const;

export const CORRIDOR_FLOOR = {
  dimensions: { width: 14, height: 3 },
  elements: {
    shelves: [{ id: 'S1', position: [7, 2], size: [1, 1] }],
    dropoffs: [{ id: 'D1', position: [13.5, 1.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5], robot_count: 1 }],
    pickups: [{ id: 'P1', position: [7.5, 2], shelf_id: 'S1', side: 'top' }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 0.5], station_index: 0 }],
    navigation_points: [],
  },
};

export const CORRIDOR_PARAMETERS = {
  robot_speed: 1,
  recharge_time: 3,
  handling_time_s: 0,
  battery_capacity: 100,
  max_distance: 1000,
} as const;

export const CORRIDOR_RESULTS = {
  R1_1: Array.from({ length: 9 }, (_, index) => ({
    task: ['P1', 'D1'],
    path: [index === 0 ? 'R1_1' : 'D1', 'P1', 'D1'],
    total_distance: 14 + 12 * index,
    odometer_m: 14 + 12 * index,
    completion_time: 14 + 12 * index,
    battery_remaining: 100 - (14 + 12 * index) / 10,
    battery_capacity: 100,
    max_distance: 1000,
  })),
};

// TURNS_FLOOR (6 x 4): R1 at (0, 0), P1 on top of S1 at (2, 3) (its robot on (2, 2)), D1 at (5, 3).
//   y=0   [R1]  .   .   .   .   .
//   y=1    .    .   .   .   .   .
//   y=2    .    .  P1   .   .   .
//   y=3    .    .  S1   .   .  D1
// Home from D1 is 8 m either way. The floor's shortest walk (left, up first) turns three times:
// (4, 3) (3, 3) (3, 2) (2, 2) (1, 2) (0, 2) (0, 1) (0, 0); a drive unit's least-time walk turns
// once: up to (5, 0), then left home. One delivery P1 -> D1, then home to charge.
export const TURNS_FLOOR = {
  dimensions: { width: 6, height: 4 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 3], size: [1, 1] }],
    dropoffs: [{ id: 'D1', position: [5.5, 3.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5], robot_count: 1 }],
    pickups: [{ id: 'P1', position: [2.5, 3], shelf_id: 'S1', side: 'top' }],
    robots: [{ id: 'R1_1', station_id: 'R1', position: [0.5, 0.5], station_index: 0 }],
    navigation_points: [],
  },
};

export const TURNS_RESULTS = {
  R1_1: [
    {
      task: ['P1', 'D1'],
      path: ['R1_1', 'P1', 'D1'],
      total_distance: 8,
      odometer_m: 8,
      completion_time: 8,
      battery_remaining: 60,
      battery_capacity: 100,
      max_distance: 20,
    },
    {
      task: 'recharge',
      path: ['D1', 'R1'],
      total_distance: 8,
      odometer_m: 16,
      completion_time: 196,
      battery_remaining: 100,
      recharge_time: 3,
      battery_capacity: 100,
      max_distance: 20,
    },
  ],
};
