// The planned replay of a plan made on the floor: each robot alone on the floor doing its plan,
// as the warehouse's free-flow schedule says (the plan's own clock: every delivery's dropoff is
// reached at its step's completion_time). Legs are drawn along the walks the plan drives, through
// cell centres: `FloorClock.legCells`, a robot model's least-time walk (fewest manoeuvres for its
// length), and for a point robot the floor's shortest walk, the one every reader of the floor draws.

import {
  decodeActivities,
  fleetOfPlan,
  Floor,
  FloorClock,
  freeFlow,
  resolveFloorParameters,
  robotWorkFromPlan,
  type FleetEnvironment,
  type FloorParameterInput,
  type FreeFlowRobot,
  type RobotWork,
} from '@fleetlab/warehouse';
import {
  batteryCapacityOf,
  compareRobotIds,
  isRechargeStep,
  maxDistanceOf,
  robotPlansOf,
  type PlanParameters,
  type RobotPlan,
} from '../lib/plan-model.ts';
import type { PlannedActivity, PlannedSchedule, PlannedStand } from './planned-schedule.ts';
import type { Position } from './robot-state.ts';

/**
 * The environment with the robots the plan names: the fleet the solve ran (`fleetOfPlan`: part of
 * the drawn robots, or more, parked beside their stations).
 */
function withPlanRobots(environment: FleetEnvironment, results: Readonly<Record<string, unknown>>): FleetEnvironment {
  const robotIds = Object.keys(results).filter((id) => Array.isArray(results[id]));
  return { ...environment, elements: { ...environment.elements, robots: fleetOfPlan(environment, robotIds) } };
}

/** The walk's cells reduced to where it turns (and its ends), as cell centres. */
function walkCorners(floor: Floor, cells: readonly number[]): Position[] {
  const centre = (cell: number) => ({ x: floor.x(cell) + 0.5, y: floor.y(cell) + 0.5 });
  const corners = [centre(cells[0])];
  for (let index = 1; index < cells.length - 1; index += 1) {
    if (cells[index] - cells[index - 1] !== cells[index + 1] - cells[index]) corners.push(centre(cells[index]));
  }
  if (cells.length > 1) corners.push(centre(cells[cells.length - 1]));
  return corners;
}

function robotSchedule(
  floor: Floor,
  clock: FloorClock,
  work: RobotWork,
  flow: FreeFlowRobot,
  steps: RobotPlan['steps'],
  stepS: number,
  handlingSteps: number,
  parameters: PlanParameters | null | undefined,
): PlannedSchedule {
  const batteryCapacity = batteryCapacityOf(steps[0], parameters);
  const chargedTo = steps
    .filter(isRechargeStep)
    .map((step) => (typeof step.battery_remaining === 'number' ? step.battery_remaining : batteryCapacity));
  const dropoffArrivals = new Set(flow.deliveryDoneSteps);
  const activities: PlannedActivity[] = [];
  let leg = 0;
  let charge = 0;
  for (const interval of decodeActivities(flow.activities, flow.endStep)) {
    const start = interval.startStep * stepS;
    const end = interval.endStep * stepS;
    if (interval.kind === 'drive_empty' || interval.kind === 'drive_loaded') {
      // One drive interval may hold several legs of the same kind (a charge of no length between them).
      for (; leg < flow.legs.length && flow.legs[leg].departStep < interval.endStep; leg += 1) {
        const { fromCell, toCell, departStep, arriveStep } = flow.legs[leg];
        activities.push({
          kind: 'drive',
          start: departStep * stepS,
          end: arriveStep * stepS,
          points: walkCorners(floor, clock.legCells(fromCell, toCell)),
        });
      }
      continue;
    }
    const stand = (fields: Pick<PlannedStand, 'motion' | 'location'> & { chargedTo?: number }): PlannedStand => ({
      kind: 'stand',
      start,
      end,
      ...fields,
    });
    if (interval.kind === 'handling') {
      activities.push(
        stand({ motion: 'stopped', location: dropoffArrivals.has(interval.startStep) ? 'at dropoff' : 'at pickup' }),
      );
    } else if (interval.kind === 'queued') {
      activities.push(stand({ motion: 'queued', location: 'idle' }));
    } else if (interval.kind === 'charging') {
      activities.push(
        stand({ motion: 'recharging', location: 'idle', chargedTo: chargedTo[charge] ?? batteryCapacity }),
      );
      charge += 1;
    } else if (interval.kind === 'waiting') {
      activities.push(stand({ motion: 'waiting', location: 'in transit' }));
    } else {
      activities.push(stand({ motion: 'stopped', location: 'idle' }));
    }
  }

  const workEnds: number[] = [];
  let delivery = 0;
  charge = 0;
  for (const item of work.work) {
    if (item.kind === 'delivery') workEnds.push((flow.deliveryDoneSteps[delivery++] + handlingSteps) * stepS);
    else workEnds.push(flow.charges[charge++].endStep * stepS);
  }
  return {
    robotId: work.id,
    start: { x: floor.x(work.startCell) + 0.5, y: floor.y(work.startCell) + 0.5 },
    activities,
    deliveryDone: Float64Array.from(flow.deliveryDoneSteps, (step) => step * stepS),
    workEnds: Float64Array.from(workEnds),
    endTime: flow.endStep * stepS,
    stepCount: work.work.length,
    deliveryCount: flow.deliveryDoneSteps.length,
    batteryCapacity,
    maxDistance: maxDistanceOf(steps[0], parameters),
  };
}

/**
 * Every robot's schedule of a plan made on the floor, in robot id order. Throws the
 * warehouse's FloorError, naming the problem, when the plan cannot be laid on this floor.
 */
export function floorPlanSchedules(
  environment: FleetEnvironment,
  results: Readonly<Record<string, unknown>>,
  parameters: (PlanParameters & FloorParameterInput) | null | undefined,
): PlannedSchedule[] {
  const fleet = withPlanRobots(environment, results);
  const floor = new Floor(fleet);
  const floorParameters = resolveFloorParameters(parameters);
  const works = robotWorkFromPlan(floor, fleet, results);
  // The plan's clock: its legs are the robot model's least-time walks (a point robot's: the
  // floor's shortest walk), so the replay draws the cells the plan drives.
  const clock = new FloorClock(floor, floorParameters);
  const flows = freeFlow(floor, floorParameters, works, clock);
  const stepsOf = new Map(robotPlansOf(results).map((plan) => [plan.robotId, plan.steps]));
  return works
    .map((work, index) =>
      robotSchedule(
        floor,
        clock,
        work,
        flows[index],
        stepsOf.get(work.id) ?? [],
        floorParameters.stepS,
        floorParameters.handlingSteps,
        parameters,
      ),
    )
    .sort((a, b) => compareRobotIds(a.robotId, b.robotId));
}
