import {
  ABSENT_PARAMETER_FALLBACKS,
  SOLVE_PARAMETER_DEFAULTS,
  type SolveParametersRecord,
} from '../records/solve-parameters.ts';
import { type RobotKinematics, resolveRobotModel, robotModelSchema } from '../records/robot-models.ts';
import { MOTION_TICK_S } from '../motion/drive-time.ts';
import { FloorError } from './floor.ts';

/** The solve parameters the floor reads (absent ones take the warehouse defaults and fallbacks). */
export type FloorParameterInput = Partial<
  Pick<
    SolveParametersRecord,
    | 'robot_speed'
    | 'max_distance'
    | 'battery_capacity'
    | 'recharge_time'
    | 'chargers'
    | 'handling_time_s'
    | 'battery_reserve_pct'
    | 'robot_model'
  >
>;

/**
 * The floor's clock and batteries, resolved once from a solve's parameters. Time runs in steps
 * of 1 / robot_speed s, one cell per step, for a point robot, and in MOTION_TICK_S ticks for a
 * robot with acceleration and turns (its legs: `FloorClock`); handling and charging last a whole
 * number of steps (rounded up), so the plan, each robot alone on the floor and the shared run all keep one
 * clock. The optimiser, the simulator, the checkers, the CLI and the web read these figures
 * here and nowhere else.
 */
export interface FloorParameters {
  /** How the robots move (`point` unless the solve names a model); its top speed is `robotSpeed`. */
  robotModel: RobotKinematics;
  /** Top speed, m/s: the model's, else robot_speed. */
  robotSpeed: number;
  /** Seconds per step: 1 / robot_speed (point), else MOTION_TICK_S. */
  stepS: number;
  /** Metres a full charge covers. */
  maxDistance: number;
  batteryCapacity: number;
  /**
   * Percent of a charge the plan keeps unused for detours in traffic: the parameter, else the
   * automatic reserve for the floor and fleet given to `resolveFloorParameters` (5% without them).
   */
  batteryReservePct: number;
  /** Metres a plan may use of each charge: max_distance less the reserve. */
  plannedDistance: number;
  rechargeMinutes: number;
  chargeSteps: number;
  /** A charge's duration in seconds, whole steps. */
  chargeS: number;
  handlingTimeS: number;
  handlingSteps: number;
  /** Handling at one pickup or dropoff in seconds, whole steps. */
  handlingS: number;
  /** Chargers per station; null: the station's own (`chargersAt`). */
  chargers: number | null;
}

/**
 * The automatic battery reserve for traffic, in percent of a charge: 3% plus 0.6 points per
 * robot per 100 free floor cells, from 5% to 25%. Robots that give way drive beyond their
 * shortest walks, and the more robots share the floor the further: measured with the guided
 * policy, a 400-robot day on a 50 x 50 floor (0.24 robots per free cell) needs 15% to run with
 * no charge its plan did not foresee, a 200-robot one (0.12) 10%, while 5% covers 100 robots
 * (0.06) and less. Battery-bound plans pay for every point of reserve, so the sparse floors keep
 * the 5% floor. See packages/simulator/docs/measurements.md.
 */
export function automaticBatteryReserve(robots: number, freeCells: number, pointRobots = true): number {
  const { basePct, pointsPerRobotPer100Cells, modelCrowdFactor, minPct, maxPct } = AUTOMATIC_BATTERY_RESERVE;
  const perCell = freeCells > 0 ? robots / freeCells : 0;
  // Robots that accelerate, brake and turn stand still for every turn and stop, so the others
  // wait for them or go round: on d5k's floor (0.12 robots per free cell) drive units drove
  // 12.6% beyond their plan's metres in the day's discrete run where point robots drove 4.9%
  // (mean per charge, same orders), about 2.5 times as far. The crowd's share counts that much
  // more for them; points keep their rule (and their plans).
  const crowdPct = 100 * pointsPerRobotPer100Cells * perCell * (pointRobots ? 1 : modelCrowdFactor);
  return Math.round(Math.min(maxPct, Math.max(minPct, basePct + crowdPct)) * 10) / 10;
}

/** The figures of the automatic reserve's rule (`automaticBatteryReserve`). */
export const AUTOMATIC_BATTERY_RESERVE = {
  basePct: 3,
  pointsPerRobotPer100Cells: 0.6,
  /** How much more the crowd's share counts for robots with acceleration, braking and turns. */
  modelCrowdFactor: 2.5,
  minPct: 5,
  maxPct: 25,
} as const;

/** The automatic reserve's rule in words, for the screens that offer the parameter. */
export const AUTOMATIC_BATTERY_RESERVE_RULE_TEXT = (() => {
  const { basePct, pointsPerRobotPer100Cells, modelCrowdFactor, minPct, maxPct } = AUTOMATIC_BATTERY_RESERVE;
  return `${basePct}% plus ${pointsPerRobotPer100Cells} points per robot per 100 free floor cells (${modelCrowdFactor} times that for robots that accelerate and turn), from ${minPct}% to ${maxPct}%`;
})();

/** Steps a duration takes: whole steps, rounded up (a duration that is a whole number of steps up to float noise stays one). */
export function stepsFor(seconds: number, stepS: number): number {
  return Math.max(0, Math.ceil(seconds / stepS - 1e-9));
}

function numberOrFallback<Fallback extends number | null>(
  value: unknown,
  name: string,
  fallback: Fallback,
  check: (value: number) => boolean,
  rule: string,
): number | Fallback {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || !check(value)) {
    throw new FloorError(`Parameter ${name} must be ${rule}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Resolves the floor's figures; a value the floor cannot use is a FloorError naming the
 * parameter. The limits are the model's, wider than the product's ranges (an instance file may
 * recharge in 0 minutes).
 */
export function resolveFloorParameters(
  params: FloorParameterInput | null | undefined,
  crowd?: { robots: number; freeCells: number },
): FloorParameters {
  const given = params ?? {};
  const defaults = SOLVE_PARAMETER_DEFAULTS;
  const fallbacks = ABSENT_PARAMETER_FALLBACKS;
  const above0 = (v: number) => v > 0;
  const givenSpeed = numberOrFallback(
    given.robot_speed,
    'robot_speed',
    defaults.robot_speed,
    above0,
    'a number above 0',
  );
  const maxDistance = numberOrFallback(
    given.max_distance,
    'max_distance',
    defaults.max_distance,
    above0,
    'a number above 0',
  );
  const batteryCapacity = numberOrFallback(
    given.battery_capacity,
    'battery_capacity',
    defaults.battery_capacity,
    above0,
    'a number above 0',
  );
  const rechargeMinutes = numberOrFallback(
    given.recharge_time,
    'recharge_time',
    defaults.recharge_time,
    (v) => v >= 0,
    'a number of minutes >= 0',
  );
  const chargers = numberOrFallback(
    given.chargers,
    'chargers',
    fallbacks.chargers,
    (v) => Number.isInteger(v) && v >= 1,
    'a whole number >= 1',
  );
  const givenHandling = numberOrFallback(
    given.handling_time_s,
    'handling_time_s',
    null,
    (v) => v >= 0,
    'a number of seconds >= 0',
  );
  const model = robotModelSchema.optional().safeParse(given.robot_model ?? undefined);
  if (!model.success) throw new FloorError(`robot_model: ${model.error.issues[0]?.message}`);
  const robotModel = resolveRobotModel({
    robot_model: model.data,
    robot_speed: givenSpeed,
    handling_time_s: givenHandling,
  });
  const robotSpeed = robotModel.topSpeed;
  const handlingTimeS = robotModel.handlingS;
  const batteryReservePct =
    numberOrFallback(
      given.battery_reserve_pct,
      'battery_reserve_pct',
      fallbacks.battery_reserve_pct,
      (v) => v >= 0 && v < 100,
      'a percentage from 0 to below 100',
    ) ?? (crowd ? automaticBatteryReserve(crowd.robots, crowd.freeCells, robotModel.point) : 5);
  // A point robot crosses one cell a step; a robot with acceleration and turns keeps a finer clock.
  const stepS = robotModel.point ? 1 / robotSpeed : MOTION_TICK_S;
  const chargeSteps = stepsFor(rechargeMinutes * 60, stepS);
  const handlingSteps = stepsFor(handlingTimeS, stepS);
  return {
    robotModel,
    robotSpeed,
    stepS,
    maxDistance,
    batteryCapacity,
    batteryReservePct,
    plannedDistance: maxDistance * (1 - batteryReservePct / 100),
    rechargeMinutes,
    chargeSteps,
    chargeS: chargeSteps * stepS,
    handlingTimeS,
    handlingSteps,
    handlingS: handlingSteps * stepS,
    chargers,
  };
}

/**
 * Chargers of a station with `robotsAtStation` robots: the parameter (a charger sweep's point),
 * else the station's own (`Floor.stationChargers`: its `chargers`, by default one per drawn
 * robot, so robots added beyond the drawing queue for them), else one per robot (at least one).
 */
export function chargersAt(
  parameters: Pick<FloorParameters, 'chargers'>,
  robotsAtStation: number,
  stationChargers = 0,
): number {
  return parameters.chargers ?? (stationChargers > 0 ? stationChargers : Math.max(1, robotsAtStation));
}
