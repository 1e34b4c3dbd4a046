import type { ExecutionRecord } from '../records/execution.ts';
import type { TimeSplitRecord } from '../records/time-split.ts';
import { FloorClock } from '../motion/floor-clock.ts';
import { type DriveTimeSplit, walkTimeSplit } from '../motion/time-split.ts';
import { LeastTimeWalks } from '../motion/least-time-walks.ts';
import { Floor, FloorError, type FloorEnvironment } from './floor.ts';
import { type FloorParameterInput, type FloorParameters, resolveFloorParameters } from './floor-parameters.ts';
import { freeFlow } from './free-flow.ts';
import { robotWorkFromPlan, type RobotWork } from './robot-work.ts';

/** A plan's time split (waiting: its charger queue) and the mean time from t = 0 to each delivery's dropoff. */
export interface PlanTimeSplit {
  split: TimeSplitRecord;
  /** Mean over the deliveries of the time each reaches its dropoff, robots alone on the floor (0 without deliveries). */
  meanCycleS: number;
}

/**
 * Where the robots' time goes in a plan run by each robot alone on the floor (`freeFlow`, the
 * plan's own clock): each leg's least-time walk split by `walkTimeSplit`, its rounding up to the
 * clock's ticks counted as driving (so a leg's parts add up to its steps x step_s exactly),
 * handling at every pickup and dropoff, every charge, and waiting = the charger queue.
 * Walks of a robot model are read back after one search per cell legs leave from.
 */
export function planTimeSplit(
  floor: Floor,
  parameters: FloorParameters,
  robots: readonly RobotWork[],
  clock: FloorClock = new FloorClock(floor, parameters),
): PlanTimeSplit {
  const alone = freeFlow(floor, parameters, robots, clock);
  const { stepS, robotModel } = parameters;
  const split: TimeSplitRecord = {
    driving_s: 0,
    ramps_s: 0,
    turning_s: 0,
    handling_s: 0,
    charging_s: 0,
    waiting_s: 0,
    waiting_from: 'plan',
  };
  const legsFrom = new Map<number, Set<number>>();
  for (const robot of alone) {
    for (const leg of robot.legs) {
      const goals = legsFrom.get(leg.fromCell) ?? new Set<number>();
      goals.add(leg.toCell);
      legsFrom.set(leg.fromCell, goals);
    }
  }
  const driveOf = robotModel.point ? null : driveSplits(floor, parameters, clock, legsFrom);
  let doneSum = 0;
  let deliveries = 0;
  for (const [index, robot] of alone.entries()) {
    for (const leg of robot.legs) {
      const legS = (leg.arriveStep - leg.departStep) * stepS;
      const drive = driveOf?.get(leg.fromCell)?.get(leg.toCell);
      if (drive === undefined) {
        split.driving_s += legS;
        continue;
      }
      split.driving_s += legS - drive.rampsS - drive.turningS;
      split.ramps_s += drive.rampsS;
      split.turning_s += drive.turningS;
    }
    const handled = robots[index].work.filter((item) => item.kind === 'delivery').length * 2;
    split.handling_s += handled * parameters.handlingS;
    for (const charge of robot.charges) {
      split.charging_s += (charge.endStep - charge.startStep) * stepS;
      split.waiting_s += (charge.startStep - charge.arriveStep) * stepS;
    }
    for (const done of robot.deliveryDoneSteps) doneSum += done * stepS;
    deliveries += robot.deliveryDoneSteps.length;
  }
  return { split, meanCycleS: deliveries > 0 ? doneSum / deliveries : 0 };
}

/** Each leg's drive split (by from cell, then to cell): one search per from cell. */
function driveSplits(
  floor: Floor,
  parameters: FloorParameters,
  clock: FloorClock,
  legsFrom: ReadonlyMap<number, ReadonlySet<number>>,
): Map<number, Map<number, DriveTimeSplit>> {
  const walks = new LeastTimeWalks(floor, parameters.robotModel);
  const point = (cell: number) => [floor.x(cell), floor.y(cell)] as const;
  const splits = new Map<number, Map<number, DriveTimeSplit>>();
  for (const [from, goalSet] of legsFrom) {
    const goals = [...goalSet];
    const row = new Map<number, DriveTimeSplit>();
    walks.walksFrom(from, goals).forEach((walk, k) => {
      if (walk === null) return;
      row.set(
        goals[k],
        walkTimeSplit(
          parameters.robotModel,
          walk.cells.map(point),
          clock.restHeading(from),
          clock.restHeading(goals[k]),
        ),
      );
    });
    splits.set(from, row);
  }
  return splits;
}

/**
 * A solve's time split and mean cycle time: the plan's (`planTimeSplit`), its waiting and cycle
 * times the execution's when the plan ran on the shared floor (a shift's cycle: release to
 * dropoff of each delivered order). Null when the plan cannot be read on the floor.
 */
export function solveTimeSplit(
  environment: FloorEnvironment,
  params: FloorParameterInput,
  results: unknown,
  execution: Pick<ExecutionRecord, 'robots' | 'totals' | 'orders'> | null,
): { time_split: TimeSplitRecord; mean_cycle_s: number } | null {
  let plan: PlanTimeSplit;
  try {
    const floor = new Floor(environment);
    const parameters = resolveFloorParameters(params);
    plan = planTimeSplit(floor, parameters, robotWorkFromPlan(floor, environment, results));
  } catch (error) {
    if (error instanceof FloorError) return null;
    throw error;
  }
  if (execution === null) return { time_split: plan.split, mean_cycle_s: plan.meanCycleS };
  return {
    time_split: { ...plan.split, waiting_s: execution.totals.waiting_s, waiting_from: 'execution' },
    mean_cycle_s: executedMeanCycleS(execution) ?? plan.meanCycleS,
  };
}

/** Mean cycle time of an execution: a shift's delivered orders from release to dropoff, a day's deliveries from t = 0. */
function executedMeanCycleS(execution: Pick<ExecutionRecord, 'robots' | 'orders'>): number | null {
  const cycles = execution.orders
    ? execution.orders.flatMap((order) => (order.done_s === undefined ? [] : [order.done_s - order.release_s]))
    : Object.values(execution.robots).flatMap((robot) => robot.deliveries.map((delivery) => delivery.done_s));
  return cycles.length > 0 ? cycles.reduce((sum, cycle) => sum + cycle, 0) / cycles.length : null;
}
