import {
  ABSENT_PARAMETER_FALLBACKS,
  breakdownsParametersSchema,
  delaysParametersSchema,
  type DisruptionSettings,
  resolveDisruptions,
  createSeededRandom,
  Floor,
  freeFlow,
  type FreeFlowRobot,
  resolveFloorParameters,
  robotWorkFromPlan,
  type ExecutionRecord,
  type FloorEnvironment,
  type FloorParameterInput,
  type RobotWork,
  TRAFFIC_POLICY_NAMES_TEXT,
  trafficPolicyByName,
  type TrafficPolicyName,
} from '@fleetlab/warehouse';
import { assertValid, checkExecution } from './check-execution.ts';
import { asSimulationError, SimulationError, TrafficJamError } from './errors.ts';
import { simulateWithMotion } from './motion/simulate-with-motion.ts';
import { executionRecord } from './execution/execution-record.ts';
import { executeOnFloor, type ExecutorOutcome } from './execution/executor.ts';

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
}

/** The plan's own makespan: the latest completion_time of a delivery step. */
export function plannedMakespan(plan: Record<string, unknown>): number {
  let latest = 0;
  for (const [key, steps] of Object.entries(plan)) {
    if (key === 'stats' || !Array.isArray(steps)) continue;
    for (const step of steps as { task?: unknown; completion_time?: unknown }[]) {
      if (Array.isArray(step.task) && typeof step.completion_time === 'number')
        latest = Math.max(latest, step.completion_time);
    }
  }
  return latest;
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
  // Robots that accelerate, brake and turn: the discrete run's order, timed with their kinematics.
  if (!base.robotModel.point)
    return simulateWithMotion(environment, floor, robots, plan, params, base, policy, options);
  // Each robot alone on the floor with its plan's charges: the plan's own clock.
  const alone = asSimulationError(() => freeFlow(floor, base, robots));
  const longestAlone = Math.max(0, ...alone.map((robot) => robot.endStep));
  // A jam of robots too short of charge to step aside is broken by replaying the day with a
  // wider battery margin: they then charge earlier and keep room to yield.
  let replays = 0;
  for (;;) {
    try {
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
          // Traffic can stretch a day severalfold; beyond this something is stuck for good.
          stepBudget: 20 * longestAlone + 50 * (floor.width + floor.height) + 10_000,
          ...(disruptions ? { disruptions: { settings: disruptions, seed: options.seed ?? 1 } } : {}),
        },
      );
      const execution = recordOf(environment, floor, robots, plan, params, base.stepS, alone, run, replays);
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
    } catch (error) {
      if (!(error instanceof TrafficJamError) || replays >= MAX_RESERVE_REPLAYS) throw error;
      replays++;
    }
  }
}

/** Times a run is replayed with a wider battery margin when robots short of charge jam. */
export const MAX_RESERVE_REPLAYS = 3;

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

function recordOf(
  environment: FloorEnvironment,
  floor: Floor,
  robots: RobotWork[],
  plan: unknown,
  params: SimulationParams | null | undefined,
  stepS: number,
  alone: FreeFlowRobot[],
  run: ExecutorOutcome,
  replays: number,
): ExecutionRecord {
  let freeFlowSteps = 0;
  let plannedQueueSteps = 0;
  for (const robot of alone) {
    freeFlowSteps = Math.max(freeFlowSteps, robot.finishStep);
    for (const charge of robot.charges) plannedQueueSteps += charge.startStep - charge.arriveStep;
  }
  const execution = executionRecord(floor, robots, stepS, run, replays, {
    plannedMakespanS: plannedMakespan(plan as Record<string, unknown>),
    freeFlowMakespanS: freeFlowSteps * stepS,
    freeFlowQueueS: plannedQueueSteps * stepS,
  });
  assertValid(checkExecution(environment, plan, execution, params));
  return execution;
}
