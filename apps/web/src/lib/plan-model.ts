// A completed solve's plan as the results screen, the player and the CSV export read it (spec
// §2 'When completed', §3, §9): robots and their steps read defensively from the results map,
// the solve's stats, each step's distance and battery, the fleet summary and each robot's
// figures. Pure functions: every figure is worked out here once and tested once.

import {
  SOLVE_PARAMETER_DEFAULTS,
  type PlanStepReading,
  type SolveParametersRecord,
  type SolveStatsRecord,
} from '@fleetlab/warehouse';

// ---------------------------------------------------------------- reading a plan

/** One step of a robot's plan (spec §3), as the results page reads it. */
export type PlanStep = PlanStepReading;

export interface RobotPlan {
  readonly robotId: string;
  readonly steps: readonly PlanStep[];
}

/** The solve parameters the figures depend on (a subset of spec §3 Solve.parameters). */
export type PlanParameters = Readonly<
  Partial<Pick<SolveParametersRecord, 'battery_capacity' | 'max_distance' | 'robot_speed' | 'recharge_time'>>
>;

/** Spec §2/§9 fallbacks for the battery formula, and the solve's defaults for a step that does not say. */
const {
  battery_capacity: DEFAULT_BATTERY_CAPACITY,
  max_distance: DEFAULT_MAX_DISTANCE,
  recharge_time: DEFAULT_SOLVE_RECHARGE_MINUTES,
  robot_speed: DEFAULT_ROBOT_SPEED,
} = SOLVE_PARAMETER_DEFAULTS;

/** Keys a results map may hold besides robots: `error` of a failed solve, and `stats`, which spec §3 allows there. */
const NON_ROBOT_KEYS = new Set(['stats', 'error']);

function isPlanStep(value: unknown): value is PlanStep {
  if (!value || typeof value !== 'object') return false;
  const step = value as Record<string, unknown>;
  return (
    (typeof step.task === 'string' || Array.isArray(step.task)) &&
    Array.isArray(step.path) &&
    typeof step.total_distance === 'number' &&
    typeof step.completion_time === 'number'
  );
}

/** Robot ids in reading order: R2_1 before R10_1. */
export function compareRobotIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Every robot of a results map with its steps, in robot id order; malformed entries are skipped. */
export function robotPlansOf(results: Readonly<Record<string, unknown>> | null | undefined): RobotPlan[] {
  if (!results) return [];
  const plans: RobotPlan[] = [];
  for (const [robotId, value] of Object.entries(results)) {
    if (NON_ROBOT_KEYS.has(robotId) || !Array.isArray(value)) continue;
    plans.push({ robotId, steps: value.filter(isPlanStep) });
  }
  return plans.sort((a, b) => compareRobotIds(a.robotId, b.robotId));
}

/** The solve record's `stats` (docs solve-model), read defensively: solves of older versions carry fewer figures. */
export type PlanStats = Partial<SolveStatsRecord>;

export function planStatsOf(stats: unknown): PlanStats | null {
  return stats && typeof stats === 'object' && !Array.isArray(stats) ? (stats as PlanStats) : null;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function isRechargeStep(step: PlanStep): boolean {
  return step.task === 'recharge' || step.task === 'recharge_in_place';
}

/** The [pickup, dropoff] pair of a delivery step, or null for a recharge. */
export function deliveryPairOf(step: PlanStep): readonly [string, string] | null {
  if (!Array.isArray(step.task) || step.task.length < 2) return null;
  return [String(step.task[0]), String(step.task[1])];
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function batteryCapacityOf(step: PlanStep | undefined, parameters?: PlanParameters | null): number {
  return finiteOr(step?.battery_capacity, finiteOr(parameters?.battery_capacity, DEFAULT_BATTERY_CAPACITY));
}

export function maxDistanceOf(step: PlanStep | undefined, parameters?: PlanParameters | null): number {
  return finiteOr(step?.max_distance, finiteOr(parameters?.max_distance, DEFAULT_MAX_DISTANCE));
}

export function robotSpeedOf(parameters?: PlanParameters | null): number {
  const speed = finiteOr(parameters?.robot_speed, DEFAULT_ROBOT_SPEED);
  return speed > 0 ? speed : DEFAULT_ROBOT_SPEED;
}

/** Minutes a recharge step waits at its charger (step value, else the solve's, else the spec default). */
export function rechargeMinutesOf(step: PlanStep, parameters?: PlanParameters | null): number {
  return finiteOr(step.recharge_time, finiteOr(parameters?.recharge_time, DEFAULT_SOLVE_RECHARGE_MINUTES));
}

/**
 * Metres travelled during one step. total_distance counts since the last charge, so after a
 * recharge step the next step's total_distance is its own length; otherwise it is the difference
 * with the step before. The odometer, when the plan carries it, says the same more directly.
 */
export function stepDistance(steps: readonly PlanStep[], index: number): number {
  const step = steps[index];
  const previous = index > 0 ? steps[index - 1] : undefined;
  if (isFiniteNumber(step.odometer_m) && (!previous || isFiniteNumber(previous.odometer_m))) {
    return Math.max(0, step.odometer_m - (previous?.odometer_m ?? 0));
  }
  const base = !previous || isRechargeStep(previous) ? 0 : previous.total_distance;
  return Math.max(0, step.total_distance - base);
}

/** Metres a robot drove from t = 0 to the end of its plan (the odometer of its last step). */
function odometerOf(steps: readonly PlanStep[]): number {
  const last = steps[steps.length - 1];
  if (!last) return 0;
  if (isFiniteNumber(last.odometer_m)) return last.odometer_m;
  let metres = 0;
  for (let index = 0; index < steps.length; index += 1) metres += stepDistance(steps, index);
  return metres;
}

// ---------------------------------------------------------------- summary figures

export interface PlanSummary {
  readonly totalDeliveries: number;
  readonly totalDistance: number;
  readonly maxCompletionTime: number;
  readonly totalRecharges: number;
  readonly totalRechargeMinutes: number;
  /** Battery a delivery takes, as a share of one full charge (0.07 = 7%); null without deliveries. */
  readonly chargePerDelivery: number | null;
}

/**
 * Full charges a robot uses over its plan under the linear model of spec §9: every metre uses
 * 1 / max_distance of a charge, measured step by step so a plan whose steps carry their own
 * range is read with it.
 */
export function chargesUsed(steps: readonly PlanStep[], parameters?: PlanParameters | null): number {
  let used = 0;
  for (let index = 0; index < steps.length; index += 1) {
    const range = maxDistanceOf(steps[index], parameters);
    if (range > 0) used += stepDistance(steps, index) / range;
  }
  return used;
}

/** Spec §2 'When completed' results summary. */
export function summarisePlan(plans: readonly RobotPlan[], parameters?: PlanParameters | null): PlanSummary {
  let totalDeliveries = 0;
  let totalDistance = 0;
  let maxCompletionTime = 0;
  let totalRecharges = 0;
  let totalRechargeMinutes = 0;
  let charges = 0;
  for (const { steps } of plans) {
    for (const step of steps) {
      if (isRechargeStep(step)) {
        totalRecharges += 1;
        totalRechargeMinutes += rechargeMinutesOf(step, parameters);
      } else {
        totalDeliveries += 1;
      }
      maxCompletionTime = Math.max(maxCompletionTime, step.completion_time);
    }
    // Total Distance is what the fleet drove, so the odometer, not the distance since the last charge.
    totalDistance += odometerOf(steps);
    charges += chargesUsed(steps, parameters);
  }
  return {
    totalDeliveries,
    totalDistance,
    maxCompletionTime,
    totalRecharges,
    totalRechargeMinutes,
    chargePerDelivery: totalDeliveries > 0 ? charges / totalDeliveries : null,
  };
}

// ---------------------------------------------------------------- per-robot figures

export interface RobotMetrics {
  readonly deliveries: number;
  readonly recharges: number;
  readonly rechargeMinutes: number;
  readonly distance: number;
  readonly completionTime: number;
  readonly finalBattery: number;
  readonly minBattery: number | null;
  readonly avgBattery: number | null;
}

/**
 * Final battery percentage: the last step's battery_remaining when the plan carries it;
 * otherwise the spec's formula on the last step's total_distance (metres since the last charge),
 * clamped to [0, capacity].
 */
export function finalBatteryOf(steps: readonly PlanStep[], parameters?: PlanParameters | null): number {
  const last = steps[steps.length - 1];
  if (last && typeof last.battery_remaining === 'number' && Number.isFinite(last.battery_remaining)) {
    return last.battery_remaining;
  }
  const capacity = batteryCapacityOf(last, parameters);
  const range = maxDistanceOf(last, parameters);
  const distance = last?.total_distance ?? 0;
  if (range <= 0) return capacity;
  return Math.min(capacity, Math.max(0, capacity * (1 - distance / range)));
}

/** battery_remaining of every step that has one, in step order. */
function batteryLevelsOf(steps: readonly PlanStep[]): number[] {
  const levels: number[] = [];
  for (const step of steps) {
    if (typeof step.battery_remaining === 'number' && Number.isFinite(step.battery_remaining)) {
      levels.push(step.battery_remaining);
    }
  }
  return levels;
}

export function hasBatteryLevels(steps: readonly PlanStep[]): boolean {
  return batteryLevelsOf(steps).length > 0;
}

export function robotMetrics(steps: readonly PlanStep[], parameters?: PlanParameters | null): RobotMetrics {
  const levels = batteryLevelsOf(steps);
  let deliveries = 0;
  let recharges = 0;
  let rechargeMinutes = 0;
  for (const step of steps) {
    if (isRechargeStep(step)) {
      recharges += 1;
      rechargeMinutes += rechargeMinutesOf(step, parameters);
    } else {
      deliveries += 1;
    }
  }
  const last = steps[steps.length - 1];
  return {
    deliveries,
    recharges,
    rechargeMinutes,
    distance: odometerOf(steps),
    completionTime: last?.completion_time ?? 0,
    finalBattery: finalBatteryOf(steps, parameters),
    minBattery: levels.length > 0 ? Math.min(...levels) : null,
    avgBattery: levels.length > 0 ? levels.reduce((sum, level) => sum + level, 0) / levels.length : null,
  };
}
