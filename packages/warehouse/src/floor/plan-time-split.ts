import { type ExecutionRecord, MOTION_SEGMENT_LENGTH, motionStateValues } from '../records/execution.ts';
import type { TimeSplitRecord } from '../records/time-split.ts';
import { FloorClock } from '../motion/floor-clock.ts';
import { decodeActivities } from './activities.ts';
import { Floor, FloorError, type FloorEnvironment } from './floor.ts';
import {
  type FloorParameterInput,
  type FloorParameters,
  resolveFloorParameters,
  stepsFor,
} from './floor-parameters.ts';
import { freeFlow } from './free-flow.ts';
import { robotWorkFromPlan, type RobotWork } from './robot-work.ts';

/** A plan's time split (waiting: its charger and dock queues) and the mean time from t = 0 to each delivery's dropoff. */
export interface PlanTimeSplit {
  split: TimeSplitRecord;
  /** Mean over the deliveries of the time each reaches its dropoff, robots alone on the floor (0 without deliveries). */
  meanCycleS: number;
}

/**
 * Where the robots' time goes in a plan run by each robot alone on the floor (`freeFlow`, the
 * plan's own clock): each leg's turning and ramp seconds from the clock's rows (the least-time
 * search keeps them beside each walk's time; they equal `walkTimeSplit` of the walk), the rest
 * of the leg, its rounding up to the clock's ticks included, counted as driving at speed (so a
 * leg's parts add up to its steps x step_s exactly), handling at every pickup and dropoff, every
 * charge, and waiting = the charger and dock queues. Given the clock the plan was made with, its cached
 * rows serve: no search of its own.
 */
export function planTimeSplit(
  floor: Floor,
  parameters: FloorParameters,
  robots: readonly RobotWork[],
  clock: FloorClock = new FloorClock(floor, parameters),
): PlanTimeSplit {
  const alone = freeFlow(floor, parameters, robots, clock);
  const { stepS } = parameters;
  const split: TimeSplitRecord = {
    driving_s: 0,
    ramps_s: 0,
    turning_s: 0,
    handling_s: 0,
    charging_s: 0,
    waiting_s: 0,
    waiting_from: 'plan',
  };
  let doneSum = 0;
  let deliveries = 0;
  for (const [index, robot] of alone.entries()) {
    for (const leg of robot.legs) {
      const legS = (leg.arriveStep - leg.departStep) * stepS;
      const { turningS, rampsS } = clock.legDriveSplit(leg.fromCell, leg.toCell);
      split.driving_s += legS - rampsS - turningS;
      split.ramps_s += rampsS;
      split.turning_s += turningS;
    }
    const handled = robots[index].work.filter((item) => item.kind === 'delivery').length * 2;
    split.handling_s += handled * parameters.handlingS;
    for (const charge of robot.charges) {
      split.charging_s += (charge.endStep - charge.startStep) * stepS;
      split.waiting_s += (charge.startStep - charge.arriveStep) * stepS;
    }
    for (const wait of robot.dockWaits) split.waiting_s += (wait.pickup + wait.dropoff) * stepS;
    for (const done of robot.deliveryDoneSteps) doneSum += done * stepS;
    deliveries += robot.deliveryDoneSteps.length;
  }
  return { split, meanCycleS: deliveries > 0 ? doneSum / deliveries : 0 };
}

/**
 * A solve's time split and mean cycle time: the plan's (`planTimeSplit`), or, when the plan ran
 * on the shared floor, the run's (`executedTimeSplit`: every part as the robots spent it there,
 * detours and stops to let others by included) and its cycle times (a shift's cycle: release to
 * dropoff of each order delivered by its end; its split counts up to its end too). `clock`: the
 * floor clock the plan was made with, whose cached rows then serve. Null when the plan cannot be
 * read on the floor.
 */
export function solveTimeSplit(
  environment: FloorEnvironment,
  params: FloorParameterInput & { readonly shift?: { readonly hours: number } | null },
  results: unknown,
  execution: Pick<ExecutionRecord, 'robots' | 'totals' | 'orders' | 'step_s'> | null,
  clock?: FloorClock | null,
): { time_split: TimeSplitRecord; mean_cycle_s: number } | null {
  let plan: PlanTimeSplit;
  try {
    const floor = clock?.floor ?? new Floor(environment);
    const parameters = clock?.parameters ?? resolveFloorParameters(params);
    plan = planTimeSplit(
      floor,
      parameters,
      robotWorkFromPlan(floor, environment, results),
      clock ?? new FloorClock(floor, parameters),
    );
  } catch (error) {
    if (error instanceof FloorError) return null;
    throw error;
  }
  if (execution === null) return { time_split: plan.split, mean_cycle_s: plan.meanCycleS };
  // A shift counts up to its end, as its figures do: robots with a model work on past it to finish
  // the moves dispatched by then.
  const endStep = params.shift
    ? Math.min(execution.totals.steps, stepsFor(params.shift.hours * 3600, execution.step_s))
    : execution.totals.steps;
  return {
    time_split: executedTimeSplit(execution, endStep) ?? {
      ...plan.split,
      waiting_s: execution.totals.waiting_s,
      waiting_from: 'execution',
    },
    mean_cycle_s: executedMeanCycleS(execution) ?? plan.meanCycleS,
  };
}

const RAMP_STATES = new Set([motionStateValues.indexOf('accelerating'), motionStateValues.indexOf('decelerating')]);
const TURNING_STATE = motionStateValues.indexOf('turning');

/**
 * Where the robots' time went on the shared floor, from the run's record alone: driving,
 * handling and charging are the robots' activities (the drive home after the last task
 * included), waiting the run's blocked and queued time (`totals.waiting_s`, the figure the
 * results show beside it); of the driving, what a robot with a model spent accelerating, braking
 * and turning in place comes from its `motion` (the segments in those states, within its
 * driving). So a crowd's detours read as driving beyond the plan's. Delays and breakdowns
 * (`stopped`) are reported on their own, not here. Driving, handling and charging count up to
 * `endStep` (a shift's end, where the robots work on to finish the moves dispatched by then;
 * by default the record's end). Null for a record without activities (stored before they were
 * kept).
 */
export function executedTimeSplit(
  execution: Pick<ExecutionRecord, 'robots' | 'totals' | 'step_s'>,
  endStep = execution.totals.steps,
): TimeSplitRecord | null {
  const stepS = execution.step_s;
  // Activities in whole steps, turned into seconds once (a day's sum of products would drift).
  let drivingSteps = 0;
  let handlingSteps = 0;
  let chargingSteps = 0;
  let rampsS = 0;
  let turningS = 0;
  for (const robot of Object.values(execution.robots)) {
    if (!robot.activities) return null;
    // The robot's driving, as [from, to) seconds in order.
    const driving: number[] = [];
    for (const interval of decodeActivities(robot.activities, execution.totals.steps)) {
      const end = Math.min(interval.endStep, endStep);
      const steps = end - interval.startStep;
      if (steps <= 0) continue;
      if (interval.kind === 'drive_empty' || interval.kind === 'drive_loaded') {
        drivingSteps += steps;
        driving.push(interval.startStep * stepS, end * stepS);
      } else if (interval.kind === 'handling') handlingSteps += steps;
      else if (interval.kind === 'charging') chargingSteps += steps;
    }
    if (!robot.motion) continue;
    const manoeuvres = manoeuvresWhileDriving(robot.motion, driving);
    rampsS += manoeuvres.rampsS;
    turningS += manoeuvres.turningS;
  }
  return {
    driving_s: drivingSteps * stepS - rampsS - turningS,
    ramps_s: rampsS,
    turning_s: turningS,
    handling_s: handlingSteps * stepS,
    charging_s: chargingSteps * stepS,
    waiting_s: execution.totals.waiting_s,
    waiting_from: 'execution',
  };
}

/** Seconds of `motion` accelerating or braking, and turning in place, within the intervals of `driving` (flat, in order). */
function manoeuvresWhileDriving(
  motion: readonly number[],
  driving: readonly number[],
): { rampsS: number; turningS: number } {
  let rampsS = 0;
  let turningS = 0;
  let at = 0;
  for (let k = 0; k + MOTION_SEGMENT_LENGTH < motion.length; k += MOTION_SEGMENT_LENGTH) {
    const state = motion[k + MOTION_SEGMENT_LENGTH - 1];
    const turning = state === TURNING_STATE;
    if (!turning && !RAMP_STATES.has(state)) continue;
    const from = motion[k];
    const to = motion[k + MOTION_SEGMENT_LENGTH];
    // Driving intervals that end before this segment starts end before every later one too.
    while (at < driving.length && driving[at + 1] <= from) at += 2;
    let overlap = 0;
    for (let i = at; i < driving.length && driving[i] < to; i += 2)
      overlap += Math.max(0, Math.min(to, driving[i + 1]) - Math.max(from, driving[i]));
    if (turning) turningS += overlap;
    else rampsS += overlap;
  }
  return { rampsS, turningS };
}

/** Mean cycle time of an execution: a shift's delivered orders from release to dropoff, a day's deliveries from t = 0. */
function executedMeanCycleS(execution: Pick<ExecutionRecord, 'robots' | 'orders'>): number | null {
  const cycles = execution.orders
    ? // An order done after the shift's end (a robot model's timed run) is not delivered in the shift.
      execution.orders.flatMap((order) =>
        order.done_s === undefined || order.after_shift_end ? [] : [order.done_s - order.release_s],
      )
    : Object.values(execution.robots).flatMap((robot) => robot.deliveries.map((delivery) => delivery.done_s));
  return cycles.length > 0 ? cycles.reduce((sum, cycle) => sum + cycle, 0) / cycles.length : null;
}
