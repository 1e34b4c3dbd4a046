import type {
  DisruptionSettings,
  Floor,
  FloorEnvironment,
  FloorParameters,
  FreeFlowRobot,
  RobotWork,
  TrafficPolicyName,
} from '@fleetlab/warehouse';
import { TrafficJamError } from '../errors.ts';
import type { SimulateOptions, SimulationParams } from '../simulate.ts';
import type { ExecutionFrame } from './execution-record.ts';

/** A day's plan as `simulate` read it, for the run of its robot model (points, or robots with motion). */
export interface DayInputs {
  environment: FloorEnvironment;
  floor: Floor;
  robots: RobotWork[];
  plan: unknown;
  params: SimulationParams | null | undefined;
  base: FloorParameters;
  policy: TrafficPolicyName;
  options: SimulateOptions;
  /** The delays and breakdowns to draw, or null for none. */
  stops: { settings: DisruptionSettings; seed: number } | null;
}

/** Times a run is replayed with a wider battery margin when robots short of charge jam. */
export const MAX_RESERVE_REPLAYS = 3;

/**
 * Runs `attempt` with 0, 1, ... reserve replays: a jam of robots too short of charge to step
 * aside (a TrafficJamError) is broken by running again with a wider battery margin, so they
 * charge earlier and keep room to yield; after MAX_RESERVE_REPLAYS the jam is the answer.
 */
export function withReserveReplays<T>(attempt: (replays: number) => T): T {
  for (let replays = 0; ; replays++) {
    try {
      return attempt(replays);
    } catch (error) {
      if (!(error instanceof TrafficJamError) || replays >= MAX_RESERVE_REPLAYS) throw error;
    }
  }
}

/** Steps a day's run may take: traffic can stretch a day severalfold; beyond this something is stuck for good. */
export function dayStepBudget(floor: Floor, alone: readonly FreeFlowRobot[]): number {
  const longestAlone = Math.max(0, ...alone.map((robot) => robot.endStep));
  return 20 * longestAlone + 50 * (floor.width + floor.height) + 10_000;
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

/** What a day's run is measured against: the plan's makespan, and free flow's (each robot alone, its steps of `stepS`) with the charger queueing it holds. */
export function dayFrame(plan: unknown, alone: readonly FreeFlowRobot[], stepS: number): ExecutionFrame {
  let freeFlowSteps = 0;
  let plannedQueueSteps = 0;
  let freeFlowDistanceM = 0;
  for (const robot of alone) {
    freeFlowSteps = Math.max(freeFlowSteps, robot.finishStep);
    freeFlowDistanceM += robot.distanceAtFinish;
    for (const charge of robot.charges) plannedQueueSteps += charge.startStep - charge.arriveStep;
  }
  return {
    plannedMakespanS: plannedMakespan(plan as Record<string, unknown>),
    freeFlowMakespanS: freeFlowSteps * stepS,
    freeFlowQueueS: plannedQueueSteps * stepS,
    freeFlowDistanceM,
  };
}
