// The planned replay of a plan made on the floor: each robot alone on the floor doing its plan,
// as the warehouse's free-flow schedule says (the plan's own clock: every delivery's dropoff is
// reached at its step's completion_time). Legs are drawn along the walks the plan drives, through
// cell centres: `FloorClock.legCells`, a robot model's least-time walk (fewest manoeuvres for its
// length), and for a point robot the floor's shortest walk, the one every reader of the floor draws.
// A robot model's leg is drawn as it is timed (`walkTime`): from standstill facing its rest
// heading, a turn in place and a straight run from standstill to standstill for each run of the
// walk, and the turn onto its goal's rest heading; only what is left of the leg's last tick
// stands still at the end.

import {
  decodeActivities,
  fleetOfPlan,
  Floor,
  FloorClock,
  freeFlow,
  HEADING_STEPS,
  resolveFloorParameters,
  robotWorkFromPlan,
  runPhases,
  runsOfWalk,
  runTime,
  turnTime,
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
import { modelRunProfile } from './run-profile.ts';

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

/** A heading of the floor (0 = +x, 1 = +y, ...) as the player's angle (radians, y down as on the floor). */
const angleOf = (heading: number) => Math.atan2(HEADING_STEPS[heading][1], HEADING_STEPS[heading][0]);

/**
 * One leg as the plan times it. A point robot's is one drive along its walk. A robot model's is,
 * per straight run of its least-time walk, the turn in place onto the run (standing, 'turning')
 * and the run from standstill to standstill (a drive of `runTime` seconds, drawn with the model's
 * own acceleration, top speed and braking), from its rest heading
 * at `fromCell` to the turn onto the rest heading at `toCell`, as `walkTime` adds them up; the
 * rest of the leg's last tick stands still.
 */
function legActivities(
  floor: Floor,
  clock: FloorClock,
  leg: { fromCell: number; toCell: number; start: number; end: number },
): PlannedActivity[] {
  const cells = clock.legCells(leg.fromCell, leg.toCell);
  const whole: PlannedActivity[] = [
    { kind: 'drive', start: leg.start, end: leg.end, points: walkCorners(floor, cells) },
  ];
  if (clock.point || cells.length < 2) return whole;
  const model = clock.parameters.robotModel;
  const centre = (cell: number) => ({ x: floor.x(cell) + 0.5, y: floor.y(cell) + 0.5 });
  const { runs } = runsOfWalk(cells.map((cell) => [floor.x(cell), floor.y(cell)] as const));
  const activities: PlannedActivity[] = [];
  let heading = clock.restHeading(leg.fromCell);
  let time = leg.start;
  // A turn in place onto `to`, standing.
  const turnOnto = (to: number) => {
    const turn = turnTime(model, heading, to);
    if (turn > 0) {
      activities.push({
        kind: 'stand',
        start: time,
        end: time + turn,
        motion: 'turning',
        location: 'in transit',
        turnTo: angleOf(to),
      });
      time += turn;
    }
    heading = to;
  };
  let at = 0;
  for (const run of runs) {
    turnOnto(run.heading);
    const drive = runTime(model, run.cells);
    activities.push({
      kind: 'drive',
      start: time,
      end: time + drive,
      points: [centre(cells[at]), centre(cells[at + run.cells])],
      profile: modelRunProfile(run.cells, runPhases(model, run.cells)),
    });
    time += drive;
    at += run.cells;
  }
  // On its goal it turns to the cell's rest heading, the way a robot stopped there faces.
  turnOnto(clock.restHeading(leg.toCell));
  // The leg is its seconds rounded up to whole ticks; anything else would be another clock than
  // the plan's: then the leg is drawn as one drive.
  if (time > leg.end + 1e-6 || leg.end - time >= clock.parameters.stepS) return whole;
  if (leg.end > time)
    activities.push({ kind: 'stand', start: time, end: leg.end, motion: 'stopped', location: 'in transit' });
  return activities;
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
        activities.push(
          ...legActivities(floor, clock, { fromCell, toCell, start: departStep * stepS, end: arriveStep * stepS }),
        );
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
    } else if (interval.kind === 'waiting' || interval.kind === 'dock_queued') {
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
