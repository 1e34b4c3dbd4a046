// The planned replay of a plan stored before plans moved onto the floor: made on the spec's
// navigation graph, its steps list graph nodes and say when each ends (completion_time).
// Each step runs from the end of the step before to its own completion_time: handling at the
// previous dropoff and at the pickup, and a recharge's wait, take their time, and the drives
// share the rest in proportion to their lengths, so every delivery is done at its
// completion_time and the replay keeps the plan's clock.

import {
  deliveryPairOf,
  isRechargeStep,
  batteryCapacityOf,
  maxDistanceOf,
  type PlanParameters,
  type RobotPlan,
} from '../lib/plan-model.ts';
import type { PlannedActivity, PlannedSchedule, PlannedStand } from './planned-schedule.ts';
import type { Position } from './robot-state.ts';

type NodePositions = ReadonlyMap<string, Position>;

/** Spec §4: a recharge step that does not carry recharge_time waits 6 minutes. */
const DEFAULT_RECHARGE_MINUTES = 6;

export interface GraphPlanParameters extends PlanParameters {
  readonly handling_time_s?: number | null;
}

function knownPositions(ids: readonly string[], positions: NodePositions): Position[] {
  const known: Position[] = [];
  for (const id of ids) {
    const position = positions.get(id);
    if (position) known.push(position);
  }
  return known;
}

/** Where a robot stands before its first step: its first path node, else its own node. */
function startPosition(plan: RobotPlan, positions: NodePositions): Position {
  for (const step of plan.steps) {
    for (const id of step.path) {
      const position = positions.get(id);
      if (position) return position;
    }
  }
  return positions.get(plan.robotId) ?? { x: 0, y: 0 };
}

function polylineLength(points: readonly Position[]): number {
  let length = 0;
  for (let index = 1; index < points.length; index += 1)
    length += Math.hypot(points[index].x - points[index - 1].x, points[index].y - points[index - 1].y);
  return length;
}

/** One piece of a step: a drive over `points`, or standing for `seconds`. */
type StepPart =
  | { readonly points: readonly Position[] }
  | { readonly seconds: number; readonly stand: Omit<PlannedStand, 'kind' | 'start' | 'end'> };

/** The parts of one step, from where the robot stands. */
function stepParts(
  plan: RobotPlan,
  index: number,
  from: Position,
  positions: NodePositions,
  handlingS: number,
): StepPart[] {
  const step = plan.steps[index];
  const afterDelivery = index > 0 && !isRechargeStep(plan.steps[index - 1]);
  const parts: StepPart[] = [];
  if (afterDelivery && handlingS > 0)
    parts.push({ seconds: handlingS, stand: { motion: 'stopped', location: 'at dropoff' } });
  if (isRechargeStep(step)) {
    parts.push({ points: [from, ...knownPositions(step.path, positions)] });
    const minutes =
      typeof step.recharge_time === 'number' && step.recharge_time >= 0 ? step.recharge_time : DEFAULT_RECHARGE_MINUTES;
    const chargedTo = typeof step.battery_remaining === 'number' ? step.battery_remaining : undefined;
    parts.push({ seconds: minutes * 60, stand: { motion: 'recharging', location: 'idle', chargedTo } });
    return parts;
  }
  const pair = deliveryPairOf(step);
  const pickupIndex = pair ? step.path.indexOf(pair[0]) : -1;
  const toPickup = [from, ...knownPositions(step.path.slice(0, pickupIndex + 1), positions)];
  parts.push({ points: toPickup });
  if (pickupIndex >= 0 && handlingS > 0)
    parts.push({ seconds: handlingS, stand: { motion: 'stopped', location: 'at pickup' } });
  parts.push({
    points: [
      toPickup[toPickup.length - 1],
      ...knownPositions(step.path.slice(Math.max(0, pickupIndex + 1)), positions),
    ],
  });
  return parts;
}

/**
 * One robot's schedule of a graph plan. A step's stands take their own time when the step is
 * long enough, else they share the step's time in proportion; drives get what is left, in
 * proportion to their lengths.
 */
export function graphPlanSchedule(
  plan: RobotPlan,
  positions: NodePositions,
  parameters?: GraphPlanParameters | null,
): PlannedSchedule {
  const handlingS =
    typeof parameters?.handling_time_s === 'number' && parameters.handling_time_s > 0 ? parameters.handling_time_s : 0;
  const activities: PlannedActivity[] = [];
  const deliveryDone: number[] = [];
  const workEnds: number[] = [];
  let position = startPosition(plan, positions);
  let time = 0;
  plan.steps.forEach((step, index) => {
    const end = Math.max(time, Number.isFinite(step.completion_time) ? step.completion_time : time);
    const parts = stepParts(plan, index, position, positions, handlingS);
    const standing = parts.reduce((sum, part) => sum + ('seconds' in part ? part.seconds : 0), 0);
    const driving = parts.reduce((sum, part) => sum + ('points' in part ? polylineLength(part.points) : 0), 0);
    const duration = end - time;
    // Stands fit the step, or share it when the plan gives them less time than they ask for.
    const standScale = standing > 0 ? Math.min(1, duration / standing) : 0;
    const driveSeconds = duration - standing * standScale;
    for (const part of parts) {
      if ('seconds' in part) {
        const seconds = part.seconds * standScale;
        if (seconds > 0) activities.push({ kind: 'stand', start: time, end: time + seconds, ...part.stand });
        time += seconds;
        continue;
      }
      const length = polylineLength(part.points);
      if (length <= 1e-9) continue;
      const seconds = driving > 0 ? (driveSeconds * length) / driving : 0;
      activities.push({ kind: 'drive', start: time, end: time + seconds, points: part.points });
      time += seconds;
      position = part.points[part.points.length - 1];
    }
    // A step whose time is not all explained by its parts (nothing to drive) stands the rest.
    if (end > time + 1e-9)
      activities.push({ kind: 'stand', start: time, end, motion: 'stopped', location: 'in transit' });
    time = end;
    if (!isRechargeStep(step)) deliveryDone.push(end);
    workEnds.push(end);
  });
  const last = plan.steps[plan.steps.length - 1];
  if (last && !isRechargeStep(last) && handlingS > 0) {
    activities.push({ kind: 'stand', start: time, end: time + handlingS, motion: 'stopped', location: 'at dropoff' });
    time += handlingS;
    workEnds[workEnds.length - 1] = time;
  }
  return {
    robotId: plan.robotId,
    start: startPosition(plan, positions),
    activities,
    deliveryDone: Float64Array.from(deliveryDone),
    workEnds: Float64Array.from(workEnds),
    endTime: time,
    stepCount: plan.steps.length,
    deliveryCount: deliveryDone.length,
    batteryCapacity: batteryCapacityOf(plan.steps[0], parameters),
    maxDistance: maxDistanceOf(plan.steps[0], parameters),
  };
}
