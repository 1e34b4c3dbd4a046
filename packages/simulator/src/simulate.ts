import {
  ABSENT_PARAMETER_FALLBACKS,
  breakdownsParametersSchema,
  delaysParametersSchema,
  type DisruptionSettings,
  resolveDisruptions,
  createSeededRandom,
  Floor,
  type FloorClock,
  freeFlow,
  resolveFloorParameters,
  robotWorkFromPlan,
  type ExecutionRecord,
  type FloorEnvironment,
  type FloorParameterInput,
  TRAFFIC_POLICY_NAMES_TEXT,
  trafficPolicyByName,
  type TrafficPolicyName,
} from '@fleetlab/warehouse';
import { assertValid, checkExecution } from './check-execution.ts';
import { asSimulationError, SimulationError } from './errors.ts';
import { simulateWithMotion } from './motion/simulate-with-motion.ts';
import { type DayInputs, dayFrame, dayStepBudget, withReserveReplays } from './execution/day-run.ts';
import { executionRecord } from './execution/execution-record.ts';
import { executeOnFloor } from './execution/executor.ts';

/** The solve parameters an execution reads (absent ones take the warehouse defaults and fallbacks). */
export type SimulationParams = FloorParameterInput & {
  /** How robots move (`TRAFFIC_POLICIES`; absent: the congestion-aware default). */
  traffic_policy?: string;
  /** Random stops of the robots (`delaysParametersSchema`; absent: none). */
  delays?: unknown;
  /** Breakdowns of the robots (`breakdownsParametersSchema`; absent: none). */
  breakdowns?: unknown;
};

export interface SimulateOptions {
  /** The task's pairs: when given, every planned pair must be one of them, and every one planned. */
  tasks?: readonly (readonly [string, string])[];
  /** Seed of the tie-breaks between equally good moves (default 1). */
  seed?: number;
  /** Fraction of deliveries done, called every few hundred steps. */
  onProgress?: (fraction: number) => void;
  /** Polled every few hundred steps; true ends the run with SimulationCancelledError. */
  shouldStop?: () => boolean;
  /**
   * The clock the plan was made on (`Problem.floorClock`): a run of robots with a model reads its
   * legs' rows instead of making them again, when it times this floor and model
   * (`FloorClock.servesAs`); otherwise it is left alone.
   */
  clock?: FloorClock;
}

/**
 * Runs a plan (the model's results: robot id -> steps) with every robot on the floor at once,
 * and returns what happens: timelines, when each delivery and charge really ended, waiting,
 * charger queues and a heat map of waiting. Synchronous and pure, like the solver's `solve`.
 * Every execution returned has passed `checkExecution`; a plan that does not fit its
 * environment, or an execution that cannot finish, is a SimulationError naming the problem.
 */
export function simulate(
  environment: FloorEnvironment,
  plan: unknown,
  params: SimulationParams | null | undefined,
  options: SimulateOptions = {},
): ExecutionRecord {
  const policy = trafficPolicyOf(params);
  const disruptions = disruptionsOf(params);
  const { floor, base, robots } = asSimulationError(() => {
    const floor = new Floor(environment);
    return {
      floor,
      base: resolveFloorParameters(params),
      robots: robotWorkFromPlan(floor, environment, plan, options.tasks),
    };
  });
  const stops = disruptions ? { settings: disruptions, seed: options.seed ?? 1 } : null;
  const day: DayInputs = { environment, floor, robots, plan, params, base, policy, options, stops };
  // Robots that accelerate, brake and turn: the discrete run's order, timed with their kinematics.
  const execution = base.robotModel.point ? simulatePoints(day) : simulateWithMotion(day);
  if (!disruptions) return execution;
  // What the stops cost: the same plan and seed without them.
  const without = simulate(
    environment,
    plan,
    { ...params, delays: undefined, breakdowns: undefined },
    { ...options, onProgress: undefined },
  ).totals;
  execution.totals.without_disruptions = {
    executed_makespan_s: without.executed_makespan_s,
    throughput_per_h: without.throughput_per_h,
    deliveries: without.deliveries,
  };
  return execution;
}

/** A plan run by point robots: the discrete executor alone, steps of 1 / robot_speed. */
function simulatePoints({
  environment,
  floor,
  robots,
  plan,
  params,
  base,
  policy,
  options,
  stops,
}: DayInputs): ExecutionRecord {
  // Each robot alone on the floor with its plan's charges: the plan's own clock.
  const alone = asSimulationError(() => freeFlow(floor, base, robots));
  const stepBudget = dayStepBudget(floor, alone);
  return withReserveReplays((replays) => {
    const run = executeOnFloor(
      floor,
      robots,
      { ...base, replays },
      {
        policy,
        planned: alone,
        random: createSeededRandom(options.seed ?? 1).next,
        onProgress: options.onProgress,
        shouldStop: options.shouldStop,
        stepBudget,
        ...(stops ? { disruptions: stops } : {}),
      },
    );
    const record = executionRecord(floor, robots, base.stepS, run, replays, dayFrame(plan, alone, base.stepS));
    assertValid(checkExecution(environment, plan, record, params));
    return record;
  });
}

/** The traffic policy the parameters name, the default when they name none; a SimulationError naming the choices otherwise. */
export function trafficPolicyOf(params: SimulationParams | null | undefined): TrafficPolicyName {
  const name = params?.traffic_policy ?? ABSENT_PARAMETER_FALLBACKS.traffic_policy;
  const policy = typeof name === 'string' ? trafficPolicyByName(name) : undefined;
  if (!policy)
    throw new SimulationError(
      `Parameter traffic_policy must be one of ${TRAFFIC_POLICY_NAMES_TEXT}, got ${JSON.stringify(name)}`,
    );
  return policy.name;
}

/**
 * The delays and breakdowns the parameters set (`parameters.delays`, `parameters.breakdowns`),
 * or null when they set neither; a SimulationError naming the field and the rule otherwise.
 */
export function disruptionsOf(params: SimulationParams | null | undefined): DisruptionSettings | null {
  const delays = params?.delays ?? undefined;
  const breakdowns = params?.breakdowns ?? undefined;
  const parsedDelays = delays === undefined ? undefined : delaysParametersSchema.safeParse(delays);
  const parsedBreakdowns = breakdowns === undefined ? undefined : breakdownsParametersSchema.safeParse(breakdowns);
  for (const [field, parsed] of [
    ['delays', parsedDelays],
    ['breakdowns', parsedBreakdowns],
  ] as const) {
    if (parsed === undefined || parsed.success) continue;
    const issue = parsed.error.issues[0];
    throw new SimulationError(
      `Parameter ${field}${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}: ${issue.message}`,
    );
  }
  return resolveDisruptions({ delays: parsedDelays?.data, breakdowns: parsedBreakdowns?.data });
}
