// "Two robots, ten seconds": a small execution whose activities are worked out by hand, for the
// time breakdown. Steps of 0.5 s, 20 steps: a 10 s day. Activity codes index activityKindValues
// (idle 0, drive_empty 1, drive_loaded 2, waiting 3, queued 4, charging 5, handling 6, stopped 7,
// dock_queued 8).
//
// R1: steps 0-4 driving empty (2 s), 4-10 loaded (3 s), 10-12 waiting (1 s), 12-14 handling
//     (1 s), 14-20 idle (3 s).
// R2: steps 0-3 queued at its charger (1.5 s), 3-15 charging (6 s), 15-20 driving empty (2.5 s).
//
// All robots: loaded 3 s (15%), empty 4.5 s (22.5%), waiting 1 s (5%), queued 1.5 s (7.5%),
// charging 6 s (30%), handling 1 s (5%), idle 3 s (15%): 20 s of robot time.
import type { ExecutionRecord } from '@fleetlab/warehouse';

const robot = (activities: number[] | undefined) => ({
  timeline: [0, 0, 0],
  deliveries: [],
  charges: [],
  waiting_s: 0,
  queued_s: 0,
  distance_m: 0,
  finish_s: 0,
  extra_charges: 0,
  ...(activities ? { activities } : {}),
});

export const TWO_ROBOTS_TEN_SECONDS: ExecutionRecord = {
  step_s: 0.5,
  robots: {
    R1: robot([0, 1, 4, 2, 10, 3, 12, 6, 14, 0]),
    R2: robot([0, 4, 3, 5, 15, 1]),
  },
  totals: {
    planned_makespan_s: 9,
    free_flow_makespan_s: 9,
    executed_makespan_s: 10,
    waiting_s: 2.5,
    max_robot_waiting_s: 1.5,
    max_waiting_robot: 'R2',
    throughput_per_h: 360,
    deliveries: 1,
    charger_queue_s: { S1: 1.5 },
    extra_charges: 0,
    deadlocks_resolved: 0,
    reserve_replays: 0,
    steps: 20,
    conflicts: 0,
  },
  heatmap: { width: 3, height: 2, wait_s: [0, 1, 0, 1.5, 0, 0] },
};

/**
 * The same day by robots with a model, each with its motion (segments [t_s, x, y, heading,
 * speed, accel, state]; states: stopped 0, accelerating 1, cruising 2, decelerating 3, turning 4).
 * R1 drives 0-5 s: accelerating 0-1 s, at speed to 1.5 s, turning 1.5-2 s, accelerating 2-3 s,
 * at speed to 4 s, braking 4-5 s. R2 drives 7.5-10 s: accelerating 7.5-8.5 s, at speed to
 * 9.5 s, braking to 10 s. Driving 7.5 s: at speed 2.5 s (33.3%), accelerating and braking 4.5 s
 * (60.0%), turning 0.5 s (6.7%).
 */
export const TWO_ROBOTS_WITH_MOTION: ExecutionRecord = {
  ...TWO_ROBOTS_TEN_SECONDS,
  robots: {
    R1: {
      ...TWO_ROBOTS_TEN_SECONDS.robots.R1,
      motion: [
        [0, 1],
        [1, 2],
        [1.5, 4],
        [2, 1],
        [3, 2],
        [4, 3],
        [5, 0],
      ].flatMap(([t, state]) => [t, 0, 0, 0, 0, 0, state]),
    },
    R2: {
      ...TWO_ROBOTS_TEN_SECONDS.robots.R2,
      motion: [
        [0, 0],
        [7.5, 1],
        [8.5, 2],
        [9.5, 3],
        [10, 0],
      ].flatMap(([t, state]) => [t, 0, 0, 0, 0, 0, state]),
    },
  },
};

/** The same run as stored before activities were recorded. */
export const TWO_ROBOTS_WITHOUT_ACTIVITIES: ExecutionRecord = {
  ...TWO_ROBOTS_TEN_SECONDS,
  robots: { R1: robot(undefined), R2: robot(undefined) },
};

/** `count` robots with R1's day each: a fleet as large as the product plans. */
export function manyRobots(count: number): ExecutionRecord {
  const robots = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`R${index + 1}_1`, TWO_ROBOTS_TEN_SECONDS.robots.R1]),
  );
  return { ...TWO_ROBOTS_TEN_SECONDS, robots };
}

/**
 * The same day, R1 broken down for 1 s of its loaded drive (steps 6-8: stopped), so it drives
 * loaded 2 s and stands 1 s for the breakdown.
 */
export const TWO_ROBOTS_ONE_BREAKDOWN: ExecutionRecord = {
  ...TWO_ROBOTS_TEN_SECONDS,
  robots: { ...TWO_ROBOTS_TEN_SECONDS.robots, R1: robot([0, 1, 4, 2, 6, 7, 8, 2, 10, 3, 12, 6, 14, 0]) },
};
