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
import { IdleCharging } from './idle-charging.ts';
import { NearestIdleDispatch } from './nearest-idle-dispatch.ts';
import { OrderBook } from './order-book.ts';
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
  /** What happened on the floor, with the shift's `orders`. */
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
  // A shift's floor moves robots one cell a step of 1 / robot_speed: only points run on it so far.
  if (!base.robotModel.point)
    throw new SimulationError(
      `Robot model ${base.robotModel.name}: shifts run point robots only so far; a day's plan runs with every robot model`,
    );
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
  const endStep = stepsFor(shift.hours * 3600, base.stepS);
  const outcome = withReserveReplays((replays) => {
    const runParams: ExecutionParameters = { ...base, replays };
    const robots: RobotWork[] = fleet.map((robot) => ({ ...robot, work: [] }));
    const book = new OrderBook(floor, orders, base.stepS);
    let dispatcher: ShiftDispatcher | null = null;
    let run: ExecutorOutcome;
    try {
      run = executeOnFloor(floor, robots, runParams, {
        policy,
        planned: null,
        random: createSeededRandom(options.seed ?? 1).next,
        onProgress: options.onProgress,
        shouldStop: options.shouldStop,
        stepBudget: endStep + 1,
        ...(disruptions ? { disruptions: { settings: disruptions, seed: options.seed ?? 1 } } : {}),
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
                        Math.round((shift.reoptimise_every_s ?? SHIFT_DEFAULTS.reoptimise_every_s) / base.stepS),
                      ),
                      maxIterations: options.replanIterations ?? REPLAN_ITERATIONS,
                      horizon: Math.max(REPLAN_MIN_ORDERS, REPLAN_ORDERS_PER_ROBOT * robots.length),
                      seed: shift.seed ?? SHIFT_DEFAULTS.seed,
                      stepS: base.stepS,
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
    return shiftOutcome({
      environment,
      graphLegs,
      floor,
      robots,
      params,
      base,
      shift,
      algorithm,
      book,
      run,
      replays,
      endStep,
      replans: used?.replans ?? 0,
      iterations: used?.iterations ?? 0,
      runtimeMs: now() - startedMs,
    });
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
  base: FloorParameters;
  shift: ShiftParametersRecord;
  algorithm: AlgorithmName;
  book: OrderBook;
  run: ExecutorOutcome;
  replays: number;
  endStep: number;
  replans: number;
  iterations: number;
  runtimeMs: number;
}

/** The record, results and figures of a finished shift, checked. */
function shiftOutcome(finished: Finished): ShiftOutcome {
  const { floor, robots, base, shift, book, run, endStep } = finished;
  const shiftS = endStep * base.stepS;
  const execution: ExecutionRecord = {
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
  const results = shiftResults(floor, robots, run.robots, book, base, finished.graphLegs);
  assertValid(checkExecution(finished.environment, results, execution, finished.params));
  const shiftFigures = shiftStats({
    hours: shift.hours,
    dispatch: shift.dispatch ?? SHIFT_DEFAULTS.dispatch,
    stepS: base.stepS,
    endStep,
    orders: book.orders,
    execution,
    maxDistance: base.maxDistance,
    replans: finished.replans,
  });
  return { results, execution, stats: solverFigures(finished, execution, shiftFigures) };
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
    runtime_ms: Math.round(finished.runtimeMs),
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
