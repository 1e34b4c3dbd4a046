import {
  createSeededRandom,
  type ExecutionRecord,
  type Floor,
  FloorClock,
  type FloorParameters,
  freeFlow,
  resolveFloorParameters,
  type RobotWork,
} from '@fleetlab/warehouse';
import { assertValid, checkExecution } from '../check-execution.ts';
import { asSimulationError } from '../errors.ts';
import { type ExecutionFrame, executionRecord } from '../execution/execution-record.ts';
import { executeOnFloor, type ExecutorOutcome } from '../execution/executor.ts';
import type { SimulationParams } from '../simulate.ts';
import { type DayInputs, dayFrame, dayStepBudget, withReserveReplays } from '../execution/day-run.ts';
import { type TimedRun, timeDiscreteRun } from './timed-floor.ts';

/**
 * The discrete run's clock for robots of `base`'s model: a point at the model's top speed, with
 * the model's handling (steps of 1 / top speed). `extra` as `resolveFloorParameters`' second argument.
 */
export function discreteRunParameters(
  params: SimulationParams | null | undefined,
  base: FloorParameters,
  extra?: Parameters<typeof resolveFloorParameters>[1],
): FloorParameters {
  return asSimulationError(() =>
    resolveFloorParameters(
      { ...params, robot_model: 'point', robot_speed: base.robotSpeed, handling_time_s: base.handlingTimeS },
      extra,
    ),
  );
}

/**
 * A plan run by robots with acceleration, braking and turns: the discrete executor decides who
 * takes each cell in which order (one cell a step of 1 / top speed, handling and charging in
 * those steps, each robot preferring its least-time walk and standing whole steps for its turns
 * and stops, `MotionHolds`), then `timeDiscreteRun`
 * times that order with the robots' kinematics. The record's steps are the model's ticks
 * (MOTION_TICK_S), and each robot's `motion` holds the motion that ran.
 */
export function simulateWithMotion({
  environment,
  floor,
  robots,
  plan,
  params,
  base,
  policy,
  options,
  stops: disruptions,
}: DayInputs): ExecutionRecord {
  const clock = options.clock?.servesAs(floor, base) ? options.clock : new FloorClock(floor, base);
  // Each robot alone on the floor, in the model's ticks: the plan's own clock.
  const alone = asSimulationError(() => freeFlow(floor, base, robots, clock));
  const coarse = discreteRunParameters(params, base);
  const coarseAlone = asSimulationError(() => freeFlow(floor, coarse, robots));
  const stepBudget = dayStepBudget(floor, coarseAlone);
  return withReserveReplays((replays) => {
    const discrete = executeOnFloor(
      floor,
      robots.map((robot) => ({ ...robot, work: [...robot.work] })),
      { ...coarse, replays },
      {
        policy,
        planned: coarseAlone,
        random: createSeededRandom(options.seed ?? 1).next,
        onProgress: options.onProgress,
        shouldStop: options.shouldStop,
        stepBudget,
        preferredWalk: (from, goal) => clock.legCells(from, goal),
        legMetres: (from, to) => clock.legMetres(from, to),
        kinematics: base.robotModel,
        replanCharges: true,
        ...(disruptions ? { disruptions } : {}),
      },
    );
    const timed = timeDiscreteRun(floor, robots, base, clock, discrete, coarse.stepS);
    const execution = timedRecord(
      floor,
      robots,
      base.stepS,
      timed,
      discrete,
      replays,
      dayFrame(plan, alone, base.stepS),
    );
    assertValid(checkExecution(environment, plan, execution, params));
    return execution;
  });
}

/**
 * The record of a timed run (`timeDiscreteRun` of `discrete`), in ticks of `tick` seconds, with
 * each robot's motion; `steps` at least `minSteps` (a shift's end).
 */
export function timedRecord(
  floor: Floor,
  robots: readonly RobotWork[],
  tick: number,
  timed: TimedRun,
  discrete: ExecutorOutcome,
  replays: number,
  frame: ExecutionFrame,
  minSteps = 0,
): ExecutionRecord {
  const execution = executionRecord(
    floor,
    robots,
    tick,
    {
      robots: timed.robots,
      waitSteps: timed.waitS.map((seconds) => seconds / tick),
      queueStepsByStation: timed.queueSByStation.map((seconds) => seconds / tick),
      dockWaitSteps: timed.dockWaitS.map((seconds) => seconds / tick),
      dockQueueSteps: new Map(Array.from(timed.dockQueueSByPlace, ([place, seconds]) => [place, seconds / tick])),
      steps: Math.max(timed.ticks, minSteps),
      deadlocksResolved: discrete.deadlocksResolved,
      ...(timed.disruptions ? { disruptions: timed.disruptions } : {}),
    },
    replays,
    frame,
  );
  robots.forEach((robot, r) => {
    execution.robots[robot.id].motion = timed.robots[r].motion;
  });
  return execution;
}
