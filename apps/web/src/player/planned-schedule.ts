// What each robot does in the planned replay, on the plan's own clock, before any slider
// shapes its motion: drives (a polyline and the seconds it leaves and arrives) and stands
// (handling, queueing for a charger, charging) back to back from t = 0. Plans made on the
// floor read it from the warehouse's free-flow schedule (floor-plan-schedule.ts); plans
// stored before, made on the navigation graph, from their steps' completion times
// (graph-plan-schedule.ts). The motion model then only decides how a robot moves within each
// drive, never when it leaves or arrives.

import type { FleetEnvironment, FloorParameterInput } from '@fleetlab/warehouse';
import { planStatsOf, robotPlansOf, type PlanParameters } from '../lib/plan-model.ts';
import { floorPlanSchedules } from './floor-plan-schedule.ts';
import { graphPlanSchedule, type GraphPlanParameters } from './graph-plan-schedule.ts';
import { nodePositionsOf, type PositionedEnvironment } from './node-positions.ts';
import type { LocationState, MotionState, Position } from './robot-state.ts';
import type { RunProfile } from './run-profile.ts';

/** A drive from where the robot stands along `points` (the first is where it starts). */
export interface PlannedDrive {
  readonly kind: 'drive';
  /** Seconds from t = 0 at which it leaves and arrives. */
  readonly start: number;
  readonly end: number;
  readonly points: readonly Position[];
  /** A robot model's straight run: its own motion, which the sliders do not shape. */
  readonly profile?: RunProfile;
}

/** Standing still: handling at a pickup or dropoff, queued for a charger, charging, turning in place (robot models). */
export interface PlannedStand {
  readonly kind: 'stand';
  readonly start: number;
  readonly end: number;
  readonly motion: Extract<MotionState, 'stopped' | 'recharging' | 'queued' | 'waiting' | 'turning'>;
  /** Turning: the heading it turns to (radians, as the player's headings), evenly over the stand, the short way round. */
  readonly turnTo?: number;
  readonly location: LocationState;
  /** On a charge: the battery it leaves with (the recharge step's battery_remaining). */
  readonly chargedTo?: number;
}

export type PlannedActivity = PlannedDrive | PlannedStand;

export interface PlannedSchedule {
  readonly robotId: string;
  /** Where it stands at t = 0. */
  readonly start: Position;
  /** In time order, each starting where the one before ends. */
  readonly activities: readonly PlannedActivity[];
  /** Per delivery, in plan order: the second its dropoff is reached (the step's completion_time). */
  readonly deliveryDone: Float64Array;
  /** Per plan step, ascending: the second the step is over (handling at its dropoff included). */
  readonly workEnds: Float64Array;
  /** When its last step is over. */
  readonly endTime: number;
  readonly stepCount: number;
  readonly deliveryCount: number;
  readonly batteryCapacity: number;
  readonly maxDistance: number;
}

/** Whether any drive carries its own motion: the plan was made with a robot model, so the sliders do not shape it. */
export function drivesWithOwnMotion(schedules: readonly PlannedSchedule[]): boolean {
  return schedules.some((schedule) =>
    schedule.activities.some((activity) => activity.kind === 'drive' && activity.profile !== undefined),
  );
}

/** How a plan measured its legs: its stats say 'floor' since plans moved onto the floor; older solves were planned on the graph. */
export function planDistancesOf(stats: unknown): 'floor' | 'graph' {
  return planStatsOf(stats)?.distances === 'floor' ? 'floor' : 'graph';
}

export interface PlannedSchedules {
  readonly schedules: readonly PlannedSchedule[];
  /** Why a plan made on the floor could not be laid on this environment's floor (it is then drawn between its places); null when it was. */
  readonly floorProblem: string | null;
}

/**
 * Every robot's schedule on the plan's clock: from the floor's free-flow schedule for plans made
 * on the floor, from the steps' completion times for plans made on the graph (and for a floor
 * plan the environment's floor cannot hold, e.g. after the layout was edited).
 */
export function plannedSchedulesOf(
  environment: PositionedEnvironment,
  results: Readonly<Record<string, unknown>> | null | undefined,
  parameters: (PlanParameters & GraphPlanParameters & FloorParameterInput) | null | undefined,
  stats: unknown,
): PlannedSchedules {
  let floorProblem: string | null = null;
  if (results && planDistancesOf(stats) === 'floor') {
    try {
      return { schedules: floorPlanSchedules(environment as FleetEnvironment, results, parameters), floorProblem };
    } catch (error) {
      floorProblem = error instanceof Error ? error.message : String(error);
    }
  }
  const positions = nodePositionsOf(environment);
  return {
    schedules: robotPlansOf(results).map((plan) => graphPlanSchedule(plan, positions, parameters)),
    floorProblem,
  };
}
