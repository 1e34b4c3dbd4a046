import { round2, type ExecutionRecord, type Floor, type RobotWork } from '@fleetlab/warehouse';
import type { ExecutedStop } from './disruptions.ts';
import type { ExecutorOutcome } from './executor.ts';

/** The figures a run is measured against, which differ between a day's plan and a shift. */
export interface ExecutionFrame {
  plannedMakespanS: number;
  freeFlowMakespanS: number;
  freeFlowQueueS: number;
  /** Seconds the throughput is counted over (a shift's length); absent: the executed makespan. */
  throughputOverS?: number;
  /** Metres each robot alone drives up to its last delivery, summed (a day's run; absent in a shift). */
  freeFlowDistanceM?: number;
}

/**
 * The execution record of a run: per robot its timeline, activities, deliveries (with their
 * shift order, if any), the charges it started (one still queued when a shift ends is left out),
 * waiting, distance and finish; the totals; the heat map of waiting.
 */
export function executionRecord(
  floor: Floor,
  robots: readonly RobotWork[],
  stepS: number,
  run: ExecutorOutcome,
  replays: number,
  frame: ExecutionFrame,
): ExecutionRecord {
  const robotRecords: ExecutionRecord['robots'] = {};
  let waiting = 0;
  let distanceToFinish = 0;
  let maxWaiting = 0;
  let maxWaitingRobot: string | null = null;
  let deliveries = 0;
  let extraCharges = 0;
  let executedSteps = 0;
  const stops = run.disruptions;
  const stopTimes = (list: readonly ExecutedStop[]) =>
    list.map((stop) => ({ start_s: round2(stop.startStep * stepS), end_s: round2(stop.endStep * stepS) }));
  robots.forEach((robot, index) => {
    const executed = run.robots[index];
    const waitingS = round2(executed.waitingSteps * stepS);
    // Metres driven up to its last delivery: its odometer there.
    const finishDistance = executed.deliveries.at(-1)?.odometer ?? 0;
    robotRecords[robot.id] = {
      timeline: executed.timeline,
      activities: executed.activities,
      deliveries: executed.deliveries.map((delivery) => ({
        pickup: delivery.pickup,
        dropoff: delivery.dropoff,
        done_s: round2(delivery.doneStep * stepS),
        ...(delivery.orderId === undefined ? {} : { order: delivery.orderId }),
      })),
      charges: executed.charges
        .filter((charge) => charge.startStep >= 0)
        .map((charge) => ({
          station: floor.stationIds[robot.station],
          arrive_s: round2(charge.arriveStep * stepS),
          start_s: round2(charge.startStep * stepS),
          end_s: round2(charge.endStep * stepS),
        })),
      waiting_s: waitingS,
      queued_s: round2(executed.queuedSteps * stepS),
      dock_queue_s: round2(executed.dockQueueSteps * stepS),
      distance_m: executed.distance,
      finish_s: round2(executed.finishStep * stepS),
      finish_distance_m: finishDistance,
      extra_charges: executed.extraCharges,
      ...(stops?.hasDelays ? { delays: stopTimes(stops.delays[index]) } : {}),
      ...(stops?.hasBreakdowns ? { breakdowns: stopTimes(stops.breakdowns[index]) } : {}),
    };
    waiting += executed.waitingSteps * stepS;
    if (waitingS > maxWaiting) {
      maxWaiting = waitingS;
      maxWaitingRobot = robot.id;
    }
    deliveries += executed.deliveries.length;
    distanceToFinish += finishDistance;
    extraCharges += executed.extraCharges;
    executedSteps = Math.max(executedSteps, executed.finishStep);
  });
  const executedS = executedSteps * stepS;
  const throughputOverS = frame.throughputOverS ?? executedS;
  const chargerQueue: Record<string, number> = {};
  floor.stationIds.forEach((id, station) => {
    chargerQueue[id] = round2(run.queueStepsByStation[station] * stepS);
  });
  // The longest first: the page names the worst docks.
  const dockQueue: Record<string, number> = {};
  for (const [place, steps] of [...run.dockQueueSteps].sort(([, a], [, b]) => b - a))
    dockQueue[place] = round2(steps * stepS);
  return {
    step_s: stepS,
    robots: robotRecords,
    totals: {
      planned_makespan_s: round2(frame.plannedMakespanS),
      free_flow_makespan_s: round2(frame.freeFlowMakespanS),
      free_flow_queue_s: round2(frame.freeFlowQueueS),
      executed_makespan_s: round2(executedS),
      ...(frame.freeFlowDistanceM === undefined
        ? {}
        : { free_flow_distance_m: frame.freeFlowDistanceM, executed_distance_m: distanceToFinish }),
      waiting_s: round2(waiting),
      max_robot_waiting_s: maxWaiting,
      max_waiting_robot: maxWaitingRobot,
      // Unrounded: a rate rounded here and again on the page reads 157.6 where the makespan gives 157.5.
      throughput_per_h: throughputOverS > 0 ? (deliveries * 3600) / throughputOverS : 0,
      deliveries,
      charger_queue_s: chargerQueue,
      dock_queue_s: dockQueue,
      extra_charges: extraCharges,
      deadlocks_resolved: run.deadlocksResolved + replays,
      reserve_replays: replays,
      steps: run.steps,
      conflicts: 0,
      ...(stops?.hasDelays ? { delays: stopTotals(stops.delays, stepS) } : {}),
      ...(stops?.hasBreakdowns ? { breakdowns: stopTotals(stops.breakdowns, stepS) } : {}),
    },
    heatmap: {
      width: floor.width,
      height: floor.height,
      wait_s: Array.from(run.waitSteps, (steps) => round2(steps * stepS)),
      dock_queue_s: Array.from(run.dockWaitSteps, (steps) => round2(steps * stepS)),
    },
  };
}

/** How many stops the fleet had and the robot-seconds they took. */
function stopTotals(perRobot: readonly (readonly ExecutedStop[])[], stepS: number): { count: number; lost_s: number } {
  let count = 0;
  let steps = 0;
  for (const stops of perRobot) {
    count += stops.length;
    for (const stop of stops) steps += stop.endStep - stop.startStep;
  }
  return { count, lost_s: round2(steps * stepS) };
}
