import {
  ABSENT_PARAMETER_FALLBACKS,
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
import { checkExecution } from './check-execution.ts';
import { asSimulationError, SimulationError, TrafficJamError } from './errors.ts';
import { executeOnFloor, type ExecutorOutcome } from './execution/executor.ts';

/** The solve parameters an execution reads (absent ones take the warehouse defaults and fallbacks). */
export type SimulationParams = FloorParameterInput & {
  /** How robots move (`TRAFFIC_POLICIES`; absent: the congestion-aware default). */
  traffic_policy?: string;
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

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The plan's own makespan: the latest completion_time of a delivery step. */
function plannedMakespan(plan: Record<string, unknown>): number {
  let latest = 0;
  for (const [key, steps] of Object.entries(plan)) {
    if (key === 'stats' || !Array.isArray(steps)) continue;
    for (const step of steps as { task?: unknown; completion_time?: unknown }[]) {
      if (Array.isArray(step.task) && typeof step.completion_time === 'number') latest = Math.max(latest, step.completion_time);
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
export function simulate(environment: FloorEnvironment, plan: unknown, params: SimulationParams | null | undefined, options: SimulateOptions = {}): ExecutionRecord {
  const policy = trafficPolicyOf(params);
  const { floor, base, robots } = asSimulationError(() => {
    const floor = new Floor(environment);
    return { floor, base: resolveFloorParameters(params), robots: robotWorkFromPlan(floor, environment, plan, options.tasks) };
  });
  // Each robot alone on the floor with its plan's charges: the plan's own clock.
  const alone = asSimulationError(() => freeFlow(floor, base, robots));
  const longestAlone = Math.max(0, ...alone.map((robot) => robot.endStep));
  // A jam of robots too short of charge to step aside is broken by replaying the day with a
  // wider battery margin: they then charge earlier and keep room to yield.
  let replays = 0;
  for (;;) {
    try {
      const run = executeOnFloor(floor, robots, { ...base, replays }, {
        policy,
        planned: alone,
        random: createSeededRandom(options.seed ?? 1).next,
        onProgress: options.onProgress,
        shouldStop: options.shouldStop,
        // Traffic can stretch a day severalfold; beyond this something is stuck for good.
        stepBudget: 20 * longestAlone + 50 * (floor.width + floor.height) + 10_000,
      });
      return recordOf(environment, floor, robots, plan, params, base.stepS, alone, run, replays);
    } catch (error) {
      if (!(error instanceof TrafficJamError) || replays >= MAX_RESERVE_REPLAYS) throw error;
      replays++;
    }
  }
}

const MAX_RESERVE_REPLAYS = 3;

/** The traffic policy the parameters name, the default when they name none; a SimulationError naming the choices otherwise. */
function trafficPolicyOf(params: SimulationParams | null | undefined): TrafficPolicyName {
  const name = params?.traffic_policy ?? ABSENT_PARAMETER_FALLBACKS.traffic_policy;
  const policy = typeof name === 'string' ? trafficPolicyByName(name) : undefined;
  if (!policy) throw new SimulationError(`Parameter traffic_policy must be one of ${TRAFFIC_POLICY_NAMES_TEXT}, got ${JSON.stringify(name)}`);
  return policy.name;
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
  const robotRecords: ExecutionRecord['robots'] = {};
  let waiting = 0;
  let maxWaiting = 0;
  let maxWaitingRobot: string | null = null;
  let deliveries = 0;
  let extraCharges = 0;
  let executedSteps = 0;
  robots.forEach((robot, index) => {
    const executed = run.robots[index];
    const waitingS = round2(executed.waitingSteps * stepS);
    robotRecords[robot.id] = {
      timeline: executed.timeline,
      activities: executed.activities,
      deliveries: executed.deliveries.map((delivery) => ({ pickup: delivery.pickup, dropoff: delivery.dropoff, done_s: round2(delivery.doneStep * stepS) })),
      charges: executed.charges.map((charge) => ({
        station: floor.stationIds[robot.station],
        arrive_s: round2(charge.arriveStep * stepS),
        start_s: round2(charge.startStep * stepS),
        end_s: round2(charge.endStep * stepS),
      })),
      waiting_s: waitingS,
      queued_s: round2(executed.queuedSteps * stepS),
      distance_m: executed.distance,
      finish_s: round2(executed.finishStep * stepS),
      extra_charges: executed.extraCharges,
    };
    waiting += executed.waitingSteps * stepS;
    if (waitingS > maxWaiting) {
      maxWaiting = waitingS;
      maxWaitingRobot = robot.id;
    }
    deliveries += executed.deliveries.length;
    extraCharges += executed.extraCharges;
    executedSteps = Math.max(executedSteps, executed.finishStep);
  });
  const executedS = executedSteps * stepS;
  let freeFlowSteps = 0;
  let plannedQueueSteps = 0;
  for (const robot of alone) {
    freeFlowSteps = Math.max(freeFlowSteps, robot.finishStep);
    for (const charge of robot.charges) plannedQueueSteps += charge.startStep - charge.arriveStep;
  }
  const chargerQueue: Record<string, number> = {};
  floor.stationIds.forEach((id, station) => {
    chargerQueue[id] = round2(run.queueStepsByStation[station] * stepS);
  });
  const execution: ExecutionRecord = {
    step_s: stepS,
    robots: robotRecords,
    totals: {
      planned_makespan_s: round2(plannedMakespan(plan as Record<string, unknown>)),
      free_flow_makespan_s: round2(freeFlowSteps * stepS),
      free_flow_queue_s: round2(plannedQueueSteps * stepS),
      executed_makespan_s: round2(executedS),
      waiting_s: round2(waiting),
      max_robot_waiting_s: maxWaiting,
      max_waiting_robot: maxWaitingRobot,
      throughput_per_h: executedS > 0 ? round2((deliveries * 3600) / executedS) : 0,
      deliveries,
      charger_queue_s: chargerQueue,
      extra_charges: extraCharges,
      deadlocks_resolved: run.deadlocksResolved + replays,
      reserve_replays: replays,
      steps: run.steps,
      conflicts: 0,
    },
    heatmap: { width: floor.width, height: floor.height, wait_s: Array.from(run.waitSteps, (steps) => round2(steps * stepS)) },
  };
  const check = checkExecution(environment, plan, execution, params);
  if (!check.valid) {
    throw new SimulationError(`Internal error: the execution breaks a rule of the floor: ${check.errors[0]}${check.errors.length > 1 ? ` (+${check.errors.length - 1} more)` : ''}`);
  }
  return execution;
}
