import { z } from 'zod';
import { algorithmNameSchema } from './algorithms.ts';
import { lowerBoundNameSchema } from './bounds.ts';
import { executionTotalsSchema } from './execution.ts';
import { shiftStatsSchema } from './shift.ts';
import { timeSplitSchema } from './time-split.ts';
import { objectiveValuesSchema, objectiveNameValues } from './objectives.ts';

/** A charge at the home station; `recharge_in_place` (no charger) only appears in plans of the original product. */
export const rechargeTaskValues = ['recharge', 'recharge_in_place'] as const;

/** One step of a robot's plan, as the solver writes it into `solve.results` (solve model, "Result format"). */
export const planStepSchema = z.object({
  task: z.union([z.tuple([z.string(), z.string()]), z.enum(rechargeTaskValues)]),
  /**
   * The places the step visits, from where the robot is to the step's last place: on the floor
   * (the product's plans) [from, pickup, dropoff] or [from, station], the walks between them the
   * floor's; in plans made on the navigation graph, node ids along graph edges.
   */
  path: z.array(z.string()),
  /** Metres since the robot's last charge (a recharge step includes its leg to the station). */
  total_distance: z.number(),
  /** Metres since t = 0, never reset. */
  odometer_m: z.number(),
  /** Seconds from t = 0 to the end of the step, recharge wait included. */
  completion_time: z.number(),
  /** Percent after the step; after a recharge, the full capacity. */
  battery_remaining: z.number(),
  battery_capacity: z.number(),
  max_distance: z.number(),
  /** Minutes at the station, on recharge steps. */
  recharge_time: z.number().optional(),
  /** Seconds the robot waits at its station for a free charger before this recharge (absent: none). */
  queued_s: z.number().optional(),
  /**
   * On delivery steps: seconds the robot waits beside its pickup, and beside its dropoff, while
   * another robot's visit holds that cell (a pickup or dropoff serves one robot at a time, first
   * come, first served; absent: none). Both are inside `completion_time`.
   */
  pickup_queued_s: z.number().optional(),
  dropoff_queued_s: z.number().optional(),
  /** In a shift, on delivery steps: the order delivered (an id of the execution's `orders`) and when it was released, in seconds from the shift's start. */
  order_id: z.string().optional(),
  release_s: z.number().optional(),
});
export type PlanStepRecord = z.infer<typeof planStepSchema>;

/** Step fields a client may find missing: plans of the original product carry no odometer_m, and spec §2 lets the battery figures be absent. */
type MaybeAbsentStepField = 'odometer_m' | 'battery_remaining' | 'battery_capacity' | 'max_distance';

/**
 * A step as the results page reads it (spec §2, §3): without the battery figures it falls back to
 * the solve's parameters, and a task that is neither a pair nor a recharge is shown as it is.
 */
export type PlanStepReading = Omit<PlanStepRecord, 'task' | MaybeAbsentStepField> &
  Partial<Pick<PlanStepRecord, MaybeAbsentStepField>> & { readonly task: readonly string[] | string };

/** Robot id -> steps and nothing else; every robot of the environment has a key ([] when idle). */
export const planResultsSchema = z.record(z.string(), z.array(planStepSchema));
export type PlanResultsRecord = z.infer<typeof planResultsSchema>;

/** `results` of a failed solve. */
export const failedResultsSchema = z.object({ error: z.string() });

/**
 * Why a search ended: `optimal` (proven: exact method on a small instance, or makespan equal to
 * the lower bound); `stalled` (no better plan for as long as the search took to find its best,
 * and 10 s at least); `time_limit`, `iteration_limit` (the caller's caps); `completed` (a
 * constructive algorithm that ends on its own).
 */
export const stopReasonValues = ['optimal', 'stalled', 'time_limit', 'iteration_limit', 'completed'] as const;
export type StopReason = (typeof stopReasonValues)[number];

/**
 * How the plan was chosen among the optimiser's best plans by running each with every robot on
 * the floor at once (makespan solves): `kept` indexes the candidates in the optimiser's order (0:
 * the best planned makespan), `gain_s` is what the kept plan's executed makespan saves against
 * candidate 0's. A candidate that could not run on the floor has null figures.
 */
export const trafficChoiceSchema = z.object({
  candidates: z.number().int(),
  kept: z.number().int(),
  planned_s: z.number(),
  executed_s: z.number().nullable(),
  best_planned_s: z.number(),
  best_planned_executed_s: z.number().nullable(),
  gain_s: z.number().nullable(),
  executed_candidates_s: z.array(z.number().nullable()),
});
export type TrafficChoiceRecord = z.infer<typeof trafficChoiceSchema>;

/**
 * How the automatic battery reserve followed the floor: when a plan's run took charges the plan
 * never had (or could not run), the day was planned again with the reserve the floor's detours
 * asked for, and the run that finished first was kept.
 */
export const reserveFromFloorSchema = z.object({
  /** Each plan made, in order: its reserve, planned and executed makespans and the charges its run added (null: it could not run). */
  tries: z.array(
    z.object({
      reserve_pct: z.number(),
      planned_s: z.number(),
      executed_s: z.number().nullable(),
      extra_charges: z.number().int().nullable(),
    }),
  ),
  /** Index in `tries` of the plan kept. */
  kept: z.number().int(),
});
export type ReserveFromFloorRecord = z.infer<typeof reserveFromFloorSchema>;

/** The figures the solver reports beside a plan (solve model, "Result format"). */
export const planStatsSchema = z.object({
  algorithm: algorithmNameSchema,
  algorithm_id: z.number().int(),
  makespan_s: z.number(),
  total_distance_m: z.number(),
  recharges: z.number().int(),
  deliveries: z.number().int(),
  lower_bound_s: z.number(),
  /** makespan / lower bound - 1 (0 when both are 0). */
  gap: z.number(),
  /**
   * The tightest bound the solver proves (>= lower_bound_s): the largest of the bounds of the
   * plan in BOUNDS (records/bounds.ts), or the makespan itself when the plan is proven optimal.
   * The name keeps the field of solves stored before the bounds became one list; it holds every
   * bound, not only the battery's. `lower_bound_name` says which one it is.
   */
  lower_bound_battery_s: z.number(),
  /** Which bound `lower_bound_battery_s` is (absent in solves stored before it was reported). */
  lower_bound_name: lowerBoundNameSchema.optional(),
  /**
   * Floor plans: the least time the day can take on the floor, where each pickup and dropoff
   * serves one robot at a time (the `dock_capacity` bound). Floor plans hold the docks' queues
   * (`dock_queue_s`), so no such plan finishes before it.
   */
  dock_bound_s: z.number().optional(),
  /** makespan / lower_bound_battery_s - 1 (0 when both are 0). */
  gap_battery: z.number(),
  runtime_ms: z.number(),
  seed: z.number(),
  iterations: z.number().int(),
  stop_reason: z.enum(stopReasonValues),
  /** The five raw measures of the plan. */
  objectives: objectiveValuesSchema,
  /** The weighted sum of the measures, each divided by its value in the greedy construction's plan. */
  objective_score: z.number(),
  objective_weights: z.partialRecord(z.enum(objectiveNameValues), z.number()),
  /**
   * How the plan measured its legs: `floor` (the walks robots drive; every plan of the product
   * since plans moved onto the floor) or `graph` (the spec's straight edges). Absent in solves
   * stored before: those were planned on the graph.
   */
  distances: z.enum(['floor', 'graph']).optional(),
  /** The robot model whose motion timed the plan (`ROBOT_MODEL_PRESETS`' name, or a custom model's). Absent in solves stored before: `point`. */
  robot_model: z.string().optional(),
  /** Seconds robots wait in the plan for a free charger, summed over the fleet (floor plans). */
  charger_queue_s: z.number().optional(),
  /**
   * Seconds robots wait in the plan beside a pickup or dropoff another robot's visit holds,
   * summed over the fleet (floor plans; absent in solves stored before plans held the docks' queues).
   */
  dock_queue_s: z.number().optional(),
  /** Percent of each charge the plan kept for detours in traffic (floor plans): the parameter or the automatic reserve. */
  battery_reserve_pct: z.number().optional(),
  /** How the plan was chosen by running the best candidates on the floor (makespan solves with traffic). */
  traffic_choice: trafficChoiceSchema.optional(),
  /** How the automatic battery reserve was raised after the floor's run (absent when the first plan's run took no extra charge). */
  reserve_from_floor: reserveFromFloorSchema.optional(),
});
export type PlanStatsRecord = z.infer<typeof planStatsSchema>;

/** A completed solve's `stats`: the solver's figures and what the solve job adds. */
export const solveStatsSchema = planStatsSchema.extend({
  /** True when the search was asked to finish early; runtime_ms is then the real one. */
  stopped_early: z.boolean().optional(),
  /** The execution's totals (null when the plan could not run on the floor; absent in solves from before executions). */
  execution: executionTotalsSchema.nullable().optional(),
  /** Why the plan could not run on the floor. */
  execution_error: z.string().optional(),
  /**
   * A shift's figures (shift solves). The solver's figures above then describe the shift as it
   * ran: makespan_s its last delivery, total_distance_m, recharges and deliveries what the
   * robots did, the objectives measured on that, iterations the re-plans' in all; a stream of
   * orders has no bound, so lower_bound_s, lower_bound_battery_s, the gaps and objective_score
   * are 0.
   */
  shift: shiftStatsSchema.optional(),
  /** Where the robots' time went (`solveTimeSplit`; absent in solves stored before, or when the plan cannot be read on the floor). */
  time_split: timeSplitSchema.optional(),
  /** Mean cycle time in seconds: a day's deliveries from t = 0 to their dropoff, a shift's orders from release (executed when the plan ran). */
  mean_cycle_s: z.number().optional(),
});
export type SolveStatsRecord = z.infer<typeof solveStatsSchema>;
