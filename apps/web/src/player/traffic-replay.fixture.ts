// A small hand-made execution for the traffic replay's tests, every number worked out by hand.
// Floor 5 x 3, steps of 0.5 s (robot_speed 2), handling 1 s (2 steps) at pickup and dropoff.
//
//   y=0   [R1]  .   .   .  [D1]      R1: station of R1_1 and R1_2, cell (0, 0)
//   y=1    .    .  P1   .   .        P1: pickup on top of shelf S1, its robot stands on (2, 1)
//   y=2    .    .  S1   .   .        D1: dropoff, cell (4, 0)
//
// R1_1's day, step by step:
//   [0, 1)   leaves the station for (1, 0)
//   [1, 3)   waits at (1, 0)                       2 steps blocked
//   [3, 5)   drives to (2, 0), then down to P1 (2, 1)
//   [5, 7)   handles at P1
//   [7, 8)   waits at P1                           1 step blocked
//   [8, 11)  drives up to (2, 0), then right to D1 (4, 0): the delivery is done at step 11 (5.5 s)
//   [11, 13) handles at D1
//   [13, 17) drives home: 4 cells, arrives at step 17 (8.5 s), 10 m since the start
//   [17, 19) queues for the busy charger            2 steps queued
//   [19, 25) charges; its work is over at step 25 (12.5 s)
// R1_2 has no work and stays in the station all day.
// The record says so in each robot's activities (codes of activityKindValues: idle 0,
// drive_empty 1, drive_loaded 2, waiting 3, queued 4, charging 5, handling 6).

import type { ExecutionRecord } from '@fleetlab/warehouse';

export const TRAFFIC_FLOOR = {
  dimensions: { width: 5, height: 3 },
  elements: {
    shelves: [{ id: 'S1', position: [2, 2], size: [1, 1] }],
    dropoffs: [{ id: 'D1', position: [4.5, 0.5] }],
    robot_stations: [{ id: 'R1', position: [0.5, 0.5], robot_count: 2 }],
    pickups: [{ id: 'P1', position: [2.5, 2], shelf_id: 'S1', side: 'top' }],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 0.5], station_index: 0 },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 0.5], station_index: 1 },
    ],
    navigation_points: [],
  },
};

export const TRAFFIC_PARAMETERS = {
  robot_speed: 2,
  handling_time_s: 1,
  max_distance: 20,
  battery_capacity: 100,
} as const;

const noTotals = {
  planned_makespan_s: 0,
  free_flow_makespan_s: 0,
  executed_makespan_s: 5.5,
  waiting_s: 2.5,
  max_robot_waiting_s: 2.5,
  max_waiting_robot: 'R1_1',
  throughput_per_h: 654.55,
  deliveries: 1,
  charger_queue_s: { R1: 1 },
  extra_charges: 0,
  deadlocks_resolved: 0,
  reserve_replays: 0,
  steps: 25,
  conflicts: 0,
};

export const TRAFFIC_EXECUTION: ExecutionRecord = {
  step_s: 0.5,
  robots: {
    R1_1: {
      timeline: [0, 0, 0, 1, 1, 0, 4, 2, 0, 5, 2, 1, 9, 2, 0, 11, 4, 0, 17, 0, 0],
      deliveries: [{ pickup: 'P1', dropoff: 'D1', done_s: 5.5 }],
      charges: [{ station: 'R1', arrive_s: 8.5, start_s: 9.5, end_s: 12.5 }],
      waiting_s: 2.5,
      queued_s: 1,
      distance_m: 10,
      // The last (and only) delivery.
      finish_s: 5.5,
      extra_charges: 0,
      activities: [0, 1, 1, 3, 3, 1, 5, 6, 7, 3, 8, 2, 11, 6, 13, 1, 17, 4, 19, 5, 25, 0],
    },
    R1_2: {
      timeline: [0, 0, 0],
      deliveries: [],
      charges: [],
      waiting_s: 0,
      queued_s: 0,
      distance_m: 0,
      finish_s: 0,
      extra_charges: 0,
      activities: [0, 0],
    },
  },
  totals: noTotals,
  heatmap: { width: 5, height: 3, wait_s: [1, 1, 0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0, 0, 0] },
};

// The same floor run by a robot that accelerates, brakes and turns (a drive unit: 1.5 m/s,
// 1 m/s², 0.625 s a quarter turn), its execution on the motion clock (steps of 0.05 s). R1_1
// stands in the station facing +y, turns a quarter to +x in 0.625 s, and drives 4 m to D1:
//   [0, 0.625)          turning at (0, 0) from 90° to 0°
//   [0.625, 2.125)      accelerating at 1 m/s² to 1.5 m/s: 1.125 m, to x = 1.125
//   [2.125, 3.2916…)    cruising at 1.5 m/s: 1.75 m in 7/6 s, to x = 2.875
//   [3.2916…, 4.7916…)  braking at 1 m/s²: 1.125 m, stopping on D1 (4, 0)
// then stands there. Its timeline holds the steps its centre reaches each cell's centre. R1_2
// stands in the station all day, with a segment saying so.
export const MOTION_SEGMENT_STARTS = [0, 0.625, 2.125, 2.125 + 7 / 6, 2.125 + 7 / 6 + 1.5] as const;

export const MOTION_EXECUTION: ExecutionRecord = {
  step_s: 0.05,
  robots: {
    R1_1: {
      timeline: [0, 0, 0, 41, 1, 0, 55, 2, 0, 68, 3, 0, 96, 4, 0],
      deliveries: [],
      charges: [],
      waiting_s: 0,
      queued_s: 0,
      distance_m: 4,
      finish_s: 0,
      extra_charges: 0,
      activities: [0, 1, 96, 0],
      motion: [
        ...[MOTION_SEGMENT_STARTS[0], 0, 0, 90, 0, 0, 4],
        ...[MOTION_SEGMENT_STARTS[1], 0, 0, 0, 0, 1, 1],
        ...[MOTION_SEGMENT_STARTS[2], 1.125, 0, 0, 1.5, 0, 2],
        ...[MOTION_SEGMENT_STARTS[3], 2.875, 0, 0, 1.5, -1, 3],
        ...[MOTION_SEGMENT_STARTS[4], 4, 0, 0, 0, 0, 0],
      ],
    },
    R1_2: {
      timeline: [0, 0, 0],
      deliveries: [],
      charges: [],
      waiting_s: 0,
      queued_s: 0,
      distance_m: 0,
      finish_s: 0,
      extra_charges: 0,
      activities: [0, 0],
      motion: [0, 0, 0, 90, 0, 0, 0],
    },
  },
  totals: { ...noTotals, executed_makespan_s: 0, waiting_s: 0, max_robot_waiting_s: 0, steps: 96 },
  heatmap: { width: 5, height: 3, wait_s: new Array(15).fill(0) },
};
