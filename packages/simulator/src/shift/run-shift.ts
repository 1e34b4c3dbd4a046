import {
  buildProblem,
  FloorDistanceRows,
  SolveCancelledError,
  type Problem,
  type SolveParameters,
} from '@fleetlab/solver';
import {
  ALGORITHM_BY_NAME,
  algorithmByIdOrName,
  ALGORITHMS,
  createSeededRandom,
  DEFAULT_ALGORITHM,
  Floor,
  FloorClock,
  resolveFloorParameters,
  robotWorkFromPlan,
  SHIFT_DEFAULTS,
  shiftParametersSchema,
  stepsFor,
  type AlgorithmName,
  type ExecutionRecord,
  type FloorEnvironment,
  type FloorParameters,
  type PlanResultsRecord,
  type RobotWork,
  type ShiftParametersRecord,
  type ShiftStatsRecord,
  type SolveStatsRecord,
  round2,
} from '@fleetlab/warehouse';
import { assertValid, checkExecution } from '../check-execution.ts';
import { asSimulationError, SimulationCancelledError, SimulationError } from '../errors.ts';
import { executionRecord } from '../execution/execution-record.ts';
import type { ExecutionParameters } from '../execution/execution-parameters.ts';
import { executeOnFloor, type ExecutorOutcome } from '../execution/executor.ts';
import { disruptionsOf, trafficPolicyOf, type SimulationParams } from '../simulate.ts';
import { withReserveReplays } from '../execution/day-run.ts';
import { discreteRunParameters, timedRecord } from '../motion/simulate-with-motion.ts';
import { timeDiscreteRun } from '../motion/timed-floor.ts';
import { IdleCharging } from './idle-charging.ts';
import { NearestIdleDispatch } from './nearest-idle-dispatch.ts';
import { type BookedOrder, OrderBook } from './order-book.ts';
import { releaseOrders, type ReleasedOrder } from './order-stream.ts';
import { ReoptimiseDispatch } from './reoptimise-dispatch.ts';
import type { ShiftDispatcher } from './shift-dispatcher.ts';
import { shiftStats } from './shift-kpis.ts';
import { shiftResults } from './shift-results.ts';
import { WorkEstimate } from './work-estimate.ts';

/** The solve parameters a shift reads: the floor's, the planner's and `shift` (`shiftParametersSchema`). */
export type ShiftParams = SimulationParams & Partial<SolveParameters> & { shift?: unknown };

export interface ShiftOptions {
  /** Exact release times, one per pair (a task's `release_s`): the pairs are then the orders, released then. */
  releaseS?: readonly number[];
  /** The algorithm that re-plans (`reoptimise`); default `params.algorithm_type`, else the product's default. */
  algorithm?: AlgorithmName | number;
  /** The planner's improvement iterations per re-plan (default REPLAN_ITERATIONS): a cap, never a time. */
  replanIterations?: number;
  /** Seed of the tie-breaks between equally good moves (default 1); the orders' seed is the shift's `seed`. */
  seed?: number;
  /** Share of the shift run, called every few hundred steps. */
  onProgress?: (fraction: number) => void;
  /** Polled every few hundred steps and during re-plans; true ends the run with SimulationCancelledError. */
  shouldStop?: () => boolean;
  /** Clock in milliseconds for `stats.runtime_ms` (default performance.now); nothing else reads it. */
  now?: () => number;
}

export interface ShiftOutcome {
  /** The shift as the model's result format, built from what happened (`shiftResults`). */
  results: PlanResultsRecord;
  /** The solver's figures as the shift ran, `execution` (the totals) and `shift` (`shiftStats`). */
  stats: SolveStatsRecord & { shift: ShiftStatsRecord };
  /**
   * What happened on the floor, with the shift's `orders`. With a robot model other than point,
   * `stats.shift` is the timed run's and `stats.shift.dispatcher_view` what the dispatcher saw on
   * the discrete run's clock (points at the model's top speed).
   */
  execution: ExecutionRecord;
}

/**
 * Improvement iterations a re-plan may take. Re-plans keep the running plan unless a search finds
 * better, and with a minute between them most of what a longer search would find is found by the
 * next one: measured on xl1's floor (`npm run bench:shift`), more iterations cost time and gain
 * little on the shift's cycle times.
 */
export const REPLAN_ITERATIONS = 10;
/** A re-plan takes at most this many open orders per robot, the oldest: the rest wait for the next one (placed where they finish soonest meanwhile). */
export const REPLAN_ORDERS_PER_ROBOT = 2;
/** ... and at least this many, for small fleets. */
export const REPLAN_MIN_ORDERS = 20;
/**
 * With a robot model other than point, the share of the progress reported for the discrete run;
 * timing it takes the rest (on xl1's floor the timing takes about four times as long).
 */
const DISCRETE_PROGRESS_SHARE = 0.2;

/**
 * Runs a shift (`params.shift`): orders released over the shift (`releaseOrders`), handed to the
 * robots as they come by the shift's dispatch policy (`reoptimise`, the default, re-planning the
 * open orders with the solve's algorithm every `reoptimise_every_s` seconds; or `nearest_idle`),
 * executed with every robot on the floor at once exactly as a day's plan is: the same traffic
 * policy, traffic rules, chargers and batteries. The run ends at the shift's end, whatever work is
 * left. Synchronous and pure, like `simulate`; reproducible (orders, traffic tie-breaks and
 * re-plans are seeded or capped, never timed).
 *
 * Returns the spec-shaped `results`, the `stats` (with `stats.shift`) and the `execution` (with
 * `orders`), which has passed `checkExecution`. Bad parameters or places are a SimulationError
 * naming the problem; a pair no robot can do is the solver's InfeasibleDeliveryError.
 */
export function runShift(
  environment: FloorEnvironment,
  pairs: readonly (readonly [string, string])[],
  params: ShiftParams,
  options: ShiftOptions = {},
): ShiftOutcome {
  const now = options.now ?? (() => performance.now());
  const startedMs = now();
  const shift = shiftOf(params);
  const policy = trafficPolicyOf(params);
  const disruptions = disruptionsOf(params);
  const algorithm = algorithmOf(options.algorithm ?? params.algorithm_type ?? DEFAULT_ALGORITHM);
  const { floor, base, fleet } = asSimulationError(() => {
    const floor = new Floor(environment);
    const fleet = robotWorkFromPlan(
      floor,
      environment,
      Object.fromEntries((environment.elements.robots ?? []).map((robot) => [robot.id, []])),
    );
    return {
      floor,
      fleet,
      base: resolveFloorParameters(params, { robots: fleet.length, freeCells: floor.freeCellCount() }),
    };
  });
  if (fleet.length === 0) throw new SimulationError('A shift needs robots, but the environment has none');
  // Robots that accelerate, brake and turn run as a day's plan does: the discrete run (here the
  // whole shift: releases, dispatch, re-plans, idle charging) at the model's top speed decides who
  // takes each cell in which order, then the timed floor times that order with the kinematics.
  const motion = base.robotModel.point
    ? null
    : {
        clock: new FloorClock(floor, base),
        discrete: discreteRunParameters(params, base, { robots: fleet.length, freeCells: floor.freeCellCount() }),
      };
  // The discrete run's clock: the model's own for points.
  const stepped = motion?.discrete ?? base;
  const orders = asSimulationError(() => releaseOrders(pairs, shift, options.releaseS));
  const distanceRows = new FloorDistanceRows();
  // Every pair must be one some robot can do (the solver names the first that is not); this also
  // walks the floor from every place the shift's re-plans will start from.
  const { graphLegs } = buildProblem({
    environment: environment as never,
    tasks: distinctPairs(orders),
    params: params as Partial<SolveParameters>,
    distanceRows,
  });
  const endStep = stepsFor(shift.hours * 3600, stepped.stepS);
  const outcome = withReserveReplays((replays) => {
    const runParams: ExecutionParameters = { ...stepped, replays };
    const robots: RobotWork[] = fleet.map((robot) => ({ ...robot, work: [] }));
    const book = new OrderBook(floor, orders, stepped.stepS);
    let dispatcher: ShiftDispatcher | null = null;
    let run: ExecutorOutcome;
    try {
      run = executeOnFloor(floor, robots, runParams, {
        policy,
        planned: null,
        random: createSeededRandom(options.seed ?? 1).next,
        onProgress:
          motion && options.onProgress
            ? (fraction) => options.onProgress?.(DISCRETE_PROGRESS_SHARE * fraction)
            : options.onProgress,
        shouldStop: options.shouldStop,
        stepBudget: endStep + 1,
        ...(disruptions ? { disruptions: { settings: disruptions, seed: options.seed ?? 1 } } : {}),
        ...(motion
          ? {
              preferredWalk: (from: number, goal: number) => motion.clock.legCells(from, goal),
              legMetres: (from: number, to: number) => motion.clock.legMetres(from, to),
              kinematics: base.robotModel,
            }
          : {}),
        shift: {
          endStep,
          brokeDown: (robot, step) => dispatcher?.brokeDown?.(robot, step),
          dispatcher: ({ work, state }) => {
            work.events = book;
            const charging = new IdleCharging(floor, robots, runParams, book.orders);
            const chosen: ShiftDispatcher =
              (shift.dispatch ?? SHIFT_DEFAULTS.dispatch) === 'nearest_idle'
                ? new NearestIdleDispatch(floor, robots, book, work, state, charging)
                : new ReoptimiseDispatch(
                    floor,
                    robots,
                    runParams,
                    book,
                    work,
                    state,
                    charging,
                    new WorkEstimate(floor, robots, runParams),
                    {
                      environment,
                      solveParams: params as Partial<SolveParameters>,
                      algorithm,
                      everySteps: Math.max(
                        1,
                        Math.round((shift.reoptimise_every_s ?? SHIFT_DEFAULTS.reoptimise_every_s) / stepped.stepS),
                      ),
                      maxIterations: options.replanIterations ?? REPLAN_ITERATIONS,
                      horizon: Math.max(REPLAN_MIN_ORDERS, REPLAN_ORDERS_PER_ROBOT * robots.length),
                      seed: shift.seed ?? SHIFT_DEFAULTS.seed,
                      stepS: stepped.stepS,
                      distanceRows,
                      shouldStop: options.shouldStop,
                    },
                  );
            dispatcher = chosen;
            return (step) => chosen.step(step);
          },
        },
      });
    } catch (error) {
      if (error instanceof SolveCancelledError) throw new SimulationCancelledError();
      throw error;
    }
    const used = dispatcher as ShiftDispatcher | null;
    const finished = {
      environment,
      graphLegs,
      floor,
      robots,
      params,
      base: stepped,
      shift,
      algorithm,
      book,
      run,
      replays,
      endStep,
      replans: used?.replans ?? 0,
      iterations: used?.iterations ?? 0,
      elapsedMs: () => now() - startedMs,
    };
    if (!motion) return shiftOutcome(finished);
    const timed = timedShiftOutcome(finished, base, motion.clock, options);
    options.onProgress?.(1);
    return timed;
  });
  if (!disruptions) return outcome;
  // What the stops cost: the same shift (orders, seeds, re-plans) without them.
  const without = runShift(
    environment,
    pairs,
    { ...params, delays: undefined, breakdowns: undefined },
    { ...options, onProgress: undefined },
  );
  outcome.execution.totals.without_disruptions = {
    executed_makespan_s: without.execution.totals.executed_makespan_s,
    throughput_per_h: without.execution.totals.throughput_per_h,
    deliveries: without.execution.totals.deliveries,
    shift: { throughput_per_h: without.stats.shift.throughput_per_h, cycle_p95_s: without.stats.shift.cycle_p95_s },
  };
  return outcome;
}

interface Finished {
  environment: FloorEnvironment;
  /** The stored navigation graph the results' paths are drawn along, or null without one. */
  graphLegs: Problem['graphLegs'];
  floor: Floor;
  robots: RobotWork[];
  params: ShiftParams;
  /** The discrete run's parameters (the model's own for points; else points at its top speed). */
  base: FloorParameters;
  shift: ShiftParametersRecord;
  algorithm: AlgorithmName;
  book: OrderBook;
  run: ExecutorOutcome;
  replays: number;
  endStep: number;
  replans: number;
  iterations: number;
  /** Milliseconds since the shift started. */
  elapsedMs: () => number;
}

/** The record, results and figures of a finished shift, checked. */
function shiftOutcome(finished: Finished): ShiftOutcome {
  const { floor, robots, base, book, run } = finished;
  const execution = discreteRecord(finished);
  const results = shiftResults(floor, robots, run.robots, book, base, finished.graphLegs);
  assertValid(checkExecution(finished.environment, results, execution, finished.params));
  return {
    results,
    execution,
    stats: solverFigures(
      finished,
      execution,
      shiftFigures(finished, base.stepS, finished.endStep, book.orders, execution),
    ),
  };
}

/** The discrete run's record: for points the shift that ran, for other models what the dispatcher saw. */
function discreteRecord(finished: Finished): ExecutionRecord {
  const { floor, robots, base, book, run, endStep } = finished;
  const shiftS = endStep * base.stepS;
  return {
    ...executionRecord(floor, robots, base.stepS, run, finished.replays, {
      plannedMakespanS: shiftS,
      freeFlowMakespanS: shiftS,
      freeFlowQueueS: 0,
      throughputOverS: shiftS,
    }),
    // Every order released before the shift's end, though one released in its last step is never seen by the dispatcher.
    orders: book.orders.map((order) => ({
      id: order.id,
      pickup: order.work.pickup,
      dropoff: order.work.dropoff,
      release_s: order.releaseS,
      ...(order.pickupStep >= 0
        ? { pickup_s: round2(order.pickupStep * base.stepS), robot: robots[order.robot].id }
        : {}),
      ...(order.doneStep >= 0 ? { done_s: round2(order.doneStep * base.stepS) } : {}),
    })),
  };
}

/** `stats.shift` of orders whose steps are of `stepS` seconds, over `endStep` steps. */
function shiftFigures(
  finished: Finished,
  stepS: number,
  endStep: number,
  orders: readonly BookedOrder[],
  execution: ExecutionRecord,
): ShiftStatsRecord {
  const { shift, base } = finished;
  return shiftStats({
    hours: shift.hours,
    dispatch: shift.dispatch ?? SHIFT_DEFAULTS.dispatch,
    stepS,
    endStep,
    orders,
    execution,
    maxDistance: base.maxDistance,
    replans: finished.replans,
  });
}

/**
 * A shift of robots with a robot model other than point: the discrete run (`finished`, points at
 * the model's top speed) timed with the model's kinematics (`timeDiscreteRun`), no robot leaving
 * a cell, or starting on a stop on it, before its discrete self was given the work it goes on
 * with there. The record is the timed run to its end: the robots finish the moves the dispatcher
 * made by the shift's end, so a delivery may be done after it. Such an order keeps its timed
 * `done_s` and says `after_shift_end`; the shift's figures (`stats.shift`, the totals'
 * deliveries, throughput and makespan) count only what the timed run did by the shift's end.
 */
function timedShiftOutcome(
  finished: Finished,
  model: FloorParameters,
  clock: FloorClock,
  watch: Pick<ShiftOptions, 'onProgress' | 'shouldStop'>,
): ShiftOutcome {
  const { floor, robots, book, run } = finished;
  const endS = finished.endStep * finished.base.stepS;
  const tick = model.stepS;
  const endTick = stepsFor(endS, tick);
  // The delivery each robot had picked up but not done when the discrete run ended.
  const openOrder = robots.map(() => -1);
  for (const order of book.orders)
    if (order.pickupStep >= 0 && order.doneStep < 0 && order.robot >= 0) openOrder[order.robot] = order.index;
  const { onProgress, shouldStop } = watch;
  const timed = timeDiscreteRun(floor, robots, model, clock, run, finished.base.stepS, {
    openPickupSteps: openOrder.map((index) => (index >= 0 ? book.orders[index].pickupStep : -1)),
    horizonS: endS,
    shouldStop,
    ...(onProgress
      ? {
          onProgress: (fraction: number) =>
            // The robots may work on past the shift's end: 1 only once they are done.
            onProgress(DISCRETE_PROGRESS_SHARE + (1 - DISCRETE_PROGRESS_SHARE) * Math.min(fraction, 0.99)),
        }
      : {}),
  });
  // Each order as the timed run served it, in ticks (-1: not).
  const served = book.orders.map(() => ({ pickupTick: -1, doneTick: -1, robot: -1 }));
  timed.robots.forEach((robot, r) => {
    for (const delivery of robot.deliveries)
      served[book.orderOf(delivery).index] = { pickupTick: delivery.pickupStep, doneTick: delivery.doneStep, robot: r };
    if (robot.openPickupStep >= 0) served[openOrder[r]] = { pickupTick: robot.openPickupStep, doneTick: -1, robot: r };
  });
  const execution = timedRecord(
    floor,
    robots,
    tick,
    timed,
    run,
    finished.replays,
    { plannedMakespanS: endS, freeFlowMakespanS: endS, freeFlowQueueS: 0, throughputOverS: endS },
    endTick,
  );
  execution.orders = book.orders.map((order, k) => {
    const { pickupTick, doneTick, robot } = served[k];
    return {
      id: order.id,
      pickup: order.work.pickup,
      dropoff: order.work.dropoff,
      release_s: order.releaseS,
      ...(pickupTick >= 0 ? { pickup_s: round2(pickupTick * tick), robot: robots[robot].id } : {}),
      ...(doneTick >= 0 ? { done_s: round2(doneTick * tick) } : {}),
      ...((doneTick >= 0 ? doneTick : pickupTick) > endTick ? { after_shift_end: true as const } : {}),
    };
  });
  // The shift's figures count what was done by its end.
  const counted = book.orders.map((order, k) => ({
    ...order,
    pickupStep: served[k].pickupTick <= endTick ? served[k].pickupTick : -1,
    doneStep: served[k].doneTick <= endTick ? served[k].doneTick : -1,
  }));
  const done = counted.filter((order) => order.doneStep >= 0);
  execution.totals.deliveries = done.length;
  execution.totals.throughput_per_h = endS > 0 ? (done.length * 3600) / endS : 0;
  execution.totals.executed_makespan_s = round2(done.reduce((last, order) => Math.max(last, order.doneStep), 0) * tick);
  const results = shiftResults(floor, robots, timed.robots, book, model, finished.graphLegs);
  assertValid(checkExecution(finished.environment, results, execution, finished.params));
  const timedFinished = { ...finished, base: model };
  const seen = shiftFigures(finished, finished.base.stepS, finished.endStep, book.orders, discreteRecord(finished));
  const shift: ShiftStatsRecord = {
    ...shiftFigures(timedFinished, tick, endTick, counted, execution),
    dispatcher_view: {
      delivered: seen.delivered,
      throughput_per_h: seen.throughput_per_h,
      cycle_p50_s: seen.cycle_p50_s,
      cycle_p95_s: seen.cycle_p95_s,
      backlog_end: seen.backlog_end,
      backlog_trend: seen.backlog_trend,
    },
  };
  return { results, execution, stats: solverFigures(timedFinished, execution, shift) };
}

/** The solver's figures of the shift as it ran (see `solveStatsSchema.shift`). */
function solverFigures(
  finished: Finished,
  execution: ExecutionRecord,
  shift: ShiftStatsRecord,
): SolveStatsRecord & { shift: ShiftStatsRecord } {
  const { algorithm, base, params } = finished;
  const described = ALGORITHM_BY_NAME[algorithm];
  const finishes = Object.values(execution.robots).map((robot) => robot.finish_s);
  const distance = Object.values(execution.robots).reduce((sum, robot) => sum + robot.distance_m, 0);
  const latest = Math.max(0, ...finishes);
  const earliest = finishes.length > 0 ? Math.min(...finishes) : 0;
  const charges = Object.values(execution.robots).reduce((sum, robot) => sum + robot.charges.length, 0);
  const queued = Object.values(execution.totals.charger_queue_s).reduce((sum, seconds) => sum + seconds, 0);
  return {
    algorithm: described.name,
    algorithm_id: described.id,
    makespan_s: execution.totals.executed_makespan_s,
    total_distance_m: round2(distance),
    recharges: charges,
    deliveries: execution.totals.deliveries,
    lower_bound_s: 0,
    gap: 0,
    lower_bound_battery_s: 0,
    gap_battery: 0,
    runtime_ms: Math.round(finished.elapsedMs()),
    seed: finished.shift.seed ?? SHIFT_DEFAULTS.seed,
    iterations: finished.iterations,
    stop_reason: 'completed',
    objectives: {
      completion_time: latest,
      distance_traveled: round2(distance),
      energy_usage: round2((distance / base.maxDistance) * base.batteryCapacity),
      balanced_workload: round2(latest - earliest),
      cost_efficiency: round2(finishes.reduce((sum, finish) => sum + finish, 0)),
    },
    objective_score: 0,
    objective_weights: { ...(params.objective_weights ?? { completion_time: 100 }) },
    distances: 'floor',
    robot_model: base.robotModel.name,
    charger_queue_s: round2(queued),
    battery_reserve_pct: base.batteryReservePct,
    execution: execution.totals,
    shift,
  };
}

/** The shift's settings, validated; a SimulationError naming the field and the rule otherwise. */
function shiftOf(params: ShiftParams): ShiftParametersRecord {
  if (params.shift === undefined || params.shift === null)
    throw new SimulationError('A shift needs parameters.shift: hours and orders_per_hour or an hourly profile');
  const parsed = shiftParametersSchema.safeParse(params.shift);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SimulationError(
      `Parameter shift${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}: ${issue.message}`,
    );
  }
  return parsed.data;
}

function algorithmOf(name: AlgorithmName | number | string): AlgorithmName {
  const algorithm = algorithmByIdOrName(name as AlgorithmName);
  if (!algorithm)
    throw new SimulationError(
      `Unknown algorithm ${JSON.stringify(name)}; use one of ${ALGORITHMS.map((a) => a.name).join(', ')}`,
    );
  return algorithm.name;
}

function distinctPairs(orders: readonly ReleasedOrder[]): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const order of orders) seen.set(`${order.pickup}\u0000${order.dropoff}`, [order.pickup, order.dropoff]);
  return [...seen.values()];
}
