import { z } from 'zod';

/**
 * What a robot does, step by step, in an execution or in its plan: the kinds of its activity
 * intervals. `waiting` is standing still with work left because another robot is in the way;
 * `queued` is waiting at its station for a free charger; `dock_queued` is waiting beside the
 * pickup or dropoff it is heading for while another robot is at it; `stopped` is standing still
 * for a random delay or a breakdown (nobody in the way); `idle` is having no work (before
 * its first task never happens: robots start at once; after its last, parked). Timelines store
 * a kind by its index here, so kinds are only ever added at the end.
 */
export const activityKindValues = [
  'idle',
  'drive_empty',
  'drive_loaded',
  'waiting',
  'queued',
  'charging',
  'handling',
  'stopped',
  'dock_queued',
] as const;
export type ActivityKind = (typeof activityKindValues)[number];

/**
 * How a robot with a robot model moves at an instant (spec §4's motion states, and turning in
 * place): the `state` of each segment of a robot's `motion`.
 */
export const motionStateValues = ['stopped', 'accelerating', 'cruising', 'decelerating', 'turning'] as const;
export type MotionStateName = (typeof motionStateValues)[number];

/** Numbers per segment of a robot's `motion`: t_s, x, y, heading_deg, speed_m_s, accel_m_s2, state. */
export const MOTION_SEGMENT_LENGTH = 7;

/**
 * What happens when all robots run a plan at once on the shared floor (the simulator's output,
 * stored as a solve's `execution`). Times are seconds from t = 0; cells are the floor's 1 m grid
 * cells (x column, y row). Timelines are waypoint-encoded so a 400-robot day stays small.
 */
export const robotExecutionSchema = z.object({
  /**
   * Flat `[step, x, y, step, x, y, ...]`: the robot is at cell (x, y) from that step until the
   * next waypoint's step (a longer gap between waypoints is a wait); after the last, it stays.
   */
  timeline: z.array(z.number().int()),
  /**
   * Each delivery of the plan, in the robot's order, with the time its dropoff was reached; in a
   * shift, the order it served (an id of `orders`).
   */
  deliveries: z.array(
    z.object({ pickup: z.string(), dropoff: z.string(), done_s: z.number(), order: z.string().optional() }),
  ),
  /** Each charge: arrival at the station, start on a free charger (after any queue), end. */
  charges: z.array(z.object({ station: z.string(), arrive_s: z.number(), start_s: z.number(), end_s: z.number() })),
  /** Seconds standing still while work remained, blocked by others or queued (queued included). */
  waiting_s: z.number(),
  /** Of the waiting, seconds queued for a charger. */
  queued_s: z.number(),
  /**
   * Of the waiting, seconds in a dock's queue: standing beside the pickup or dropoff it is
   * heading for, or one cell further back, while another robot visits it; with a robot model,
   * also held loaded on its pickup while its dropoff has robots enough coming (dock metering).
   * The rest of the waiting beyond `queued_s` is traffic. Absent in executions stored before it
   * existed.
   */
  dock_queue_s: z.number().optional(),
  distance_m: z.number(),
  /** When the robot's last delivery was done (0 without deliveries). */
  finish_s: z.number(),
  /** Metres driven up to its last delivery (0 without deliveries; absent in executions stored before it existed). */
  finish_distance_m: z.number().optional(),
  /** Charges added because the distances really driven broke the plan's charging order. */
  extra_charges: z.number().int(),
  /**
   * What the robot did when: flat `[step, kind, step, kind, ...]`, `kind` an index into
   * `activityKindValues`; each activity runs from its step to the next entry's step, the last one
   * to the end of the execution (`totals.steps`). Absent in executions stored before it existed.
   */
  activities: z.array(z.number().int()).optional(),
  /**
   * The motion that ran, for a robot model other than `point` (absent for points, whose timeline
   * is the motion): flat segments of `MOTION_SEGMENT_LENGTH` numbers `[t_s, x, y, heading_deg,
   * speed_m_s, accel_m_s2, state, ...]`. From t_s until the next segment's t_s the robot's centre
   * starts at (x, y) (cell coordinates, metres; a cell's centre is its x, y), faces heading_deg
   * (0 = +x, 90 = +y) and moves along it by speed * dt + accel * dt^2 / 2; `state` indexes
   * `motionStateValues`. A `turning` segment stands at (x, y) and turns from its heading to the
   * next segment's heading at an even rate. The last segment lasts to the end of the execution.
   */
  motion: z.array(z.number()).optional(),
  /**
   * The robot's random stops (`parameters.delays`), in order: it stands on its cell from
   * start_s to end_s. Absent when the run has no delays.
   */
  delays: z.array(z.object({ start_s: z.number(), end_s: z.number() })).optional(),
  /**
   * The robot's breakdowns (`parameters.breakdowns`), in order: it stands on its cell, blocking
   * it, from start_s to end_s (the repair done; the run's end if it ends first). Absent when the
   * run has no breakdowns.
   */
  breakdowns: z.array(z.object({ start_s: z.number(), end_s: z.number() })).optional(),
});
export type RobotExecutionRecord = z.infer<typeof robotExecutionSchema>;

/** How often robots stopped and the robot-seconds the stops took. */
export const disruptionTotalsSchema = z.object({ count: z.number().int(), lost_s: z.number() });

/**
 * The figures of an execution; also kept as the solve's `stats.execution`. A shift has no plan
 * made in advance: its planned and free-flow makespans are the shift's length, its executed
 * makespan the last delivery, and its throughput the deliveries over the shift's length.
 */
export const executionTotalsSchema = z.object({
  planned_makespan_s: z.number(),
  /**
   * Each robot alone on the floor with its plan's charges, sharing the chargers first come,
   * first served: the plan's own clock (a plan of the optimiser says exactly this). The delay
   * the others cause is the difference to the executed makespan.
   */
  free_flow_makespan_s: z.number(),
  /** Seconds robots queue for a charger in free flow: the queueing the plan itself holds. Absent in executions stored before it existed. */
  free_flow_queue_s: z.number().optional(),
  executed_makespan_s: z.number(),
  /**
   * Metres the robots drive up to their last deliveries, each alone on the floor (the plan's
   * walks) and on the shared floor: the difference is what stepping aside and going round others
   * added. A day's run; absent in a shift and in executions stored before they existed.
   */
  free_flow_distance_m: z.number().optional(),
  executed_distance_m: z.number().optional(),
  waiting_s: z.number(),
  max_robot_waiting_s: z.number(),
  max_waiting_robot: z.string().nullable(),
  throughput_per_h: z.number(),
  deliveries: z.number().int(),
  /** Seconds robots queued for a charger, per station id. */
  charger_queue_s: z.record(z.string(), z.number()),
  /**
   * Seconds robots waited in a dock's queue (each robot's `dock_queue_s`), per pickup or dropoff
   * id that had any, longest first. Absent in executions stored before it existed.
   */
  dock_queue_s: z.record(z.string(), z.number()).optional(),
  extra_charges: z.number().int(),
  /** Standstills the movement rule could not break alone and the resolver did (replays included). */
  deadlocks_resolved: z.number().int(),
  /** Times the day was replayed with a doubled battery reserve because robots short of charge jammed. */
  reserve_replays: z.number().int(),
  steps: z.number().int(),
  conflicts: z.number().int(),
  /** Random stops over the fleet and the robot-seconds they took (absent when the run has no delays). */
  delays: disruptionTotalsSchema.optional(),
  /** Breakdowns over the fleet and the robot-seconds they took (absent when the run has no breakdowns). */
  breakdowns: disruptionTotalsSchema.optional(),
  /**
   * The same plan or shift run again with the same seed and no delays or breakdowns: what they
   * cost. Present when the run has delays or breakdowns.
   */
  without_disruptions: z
    .object({
      executed_makespan_s: z.number(),
      /** Deliveries over the executed makespan (a shift: over its length), as `throughput_per_h` above. */
      throughput_per_h: z.number(),
      deliveries: z.number().int(),
      /** A shift's figures as `stats.shift` reports them: throughput after the warm-up hour, P95 cycle time. */
      shift: z.object({ throughput_per_h: z.number(), cycle_p95_s: z.number().nullable() }).optional(),
    })
    .optional(),
});
export type ExecutionTotalsRecord = z.infer<typeof executionTotalsSchema>;

/** One released order of a shift, as its execution records it. */
export const shiftOrderSchema = z.object({
  id: z.string(),
  pickup: z.string(),
  dropoff: z.string(),
  release_s: z.number(),
  /** When its robot stood on the pickup (absent: not picked up by the end of the shift). */
  pickup_s: z.number().optional(),
  /** When it reached the dropoff (absent: not delivered by the end of the shift). */
  done_s: z.number().optional(),
  robot: z.string().optional(),
  /**
   * With a robot model other than point the record runs on past the shift's end: the robots finish
   * the moves the dispatcher made by then, at their real pace. Present (true) when this order's
   * `done_s` (not delivered: its `pickup_s`) falls after the shift's end; the shift's figures then
   * count it as not delivered (not picked up).
   */
  after_shift_end: z.literal(true).optional(),
});
export type ShiftOrderRecord = z.infer<typeof shiftOrderSchema>;

export const executionSchema = z.object({
  /** Seconds per step: 1 / robot_speed. */
  step_s: z.number().positive(),
  robots: z.record(z.string(), robotExecutionSchema),
  totals: executionTotalsSchema,
  /** Waiting seconds per cell, row-major (`y * width + x`). */
  /**
   * Where robots waited: seconds per cell (row-major), and of them the seconds in a dock's queue
   * (absent in executions stored before it existed).
   */
  heatmap: z.object({
    width: z.number().int(),
    height: z.number().int(),
    wait_s: z.array(z.number()),
    dock_queue_s: z.array(z.number()).optional(),
  }),
  /** A shift's orders, in order of release (absent for a day's batch). */
  orders: z.array(shiftOrderSchema).optional(),
});
export type ExecutionRecord = z.infer<typeof executionSchema>;
