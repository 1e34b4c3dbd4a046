// What the automatic battery reserve for traffic comes to for the floor and the fleet a form is
// about to plan: the rule itself is the warehouse's (`automaticBatteryReserve`), the free cells
// its floor's, so the hint says exactly what the solver will keep.
import {
  AUTOMATIC_BATTERY_RESERVE_RULE_TEXT,
  automaticBatteryReserve,
  fleetOfSize,
  Floor,
  FloorError,
  SOLVE_PARAMETER_RANGES,
  type FleetEnvironment,
  type FloorEnvironment,
} from '@fleetlab/warehouse';
import { formatGrouped } from './display-format.ts';

/** The floor's free cells and the fleet sizes the solves will plan with (several for a fleet sweep). */
export interface FleetOnFloor {
  readonly freeCells: number;
  readonly fleets: readonly number[];
}

/** The free cells of the environment's floor with these fleets, or null when its floor cannot be built (a layout that breaks a rule). */
export function fleetOnFloor(
  environment: FloorEnvironment | null | undefined,
  fleets: readonly number[],
): FleetOnFloor | null {
  if (!environment || fleets.length === 0) return null;
  try {
    return { freeCells: new Floor(environment).freeCellCount(), fleets };
  } catch (error) {
    if (error instanceof FloorError) return null;
    throw error;
  }
}

/**
 * How many robots a solve of a scenario asking for `robotCount` plans with (`fleetOfSize`: absent
 * is the drawn fleet, more than the floor parks is the most it parks); the drawn fleet when the
 * floor cannot be built.
 */
export function solveFleetSize(environment: FleetEnvironment, robotCount: number | null | undefined): number {
  try {
    return fleetOfSize(environment, robotCount).length;
  } catch (error) {
    if (error instanceof FloorError) return environment.elements.robots.length;
    throw error;
  }
}

const percent = (value: number) => `${formatGrouped(value, value % 1 === 0 ? 0 : 1)}%`;

/** Which robots a form plans: points, robots that accelerate and turn, or either (a comparison of models). */
export type ReserveRobots = 'point' | 'model' | 'either';

/**
 * The Battery Reserve for Traffic field's hint: the range, what blank means (the rule), and
 * what the rule gives here for the robots the form plans: `9.2% for 40 robots on 1,250 free
 * cells`, a range over a sweep's fleets, and the figure for robots that accelerate and turn
 * (whose crowding counts more) where they are planned.
 */
export function batteryReserveHint(fleet: FleetOnFloor | null, robots: ReserveRobots = 'point'): string {
  const { min, max } = SOLVE_PARAMETER_RANGES.battery_reserve_pct;
  const base = `Share of each charge the plan keeps for detours in traffic, ${min} to ${max}. Blank: automatic, ${AUTOMATIC_BATTERY_RESERVE_RULE_TEXT}`;
  if (!fleet) return `${base}.`;
  const smallest = Math.min(...fleet.fleets);
  const largest = Math.max(...fleet.fleets);
  const span = (points: boolean) => {
    const low = automaticBatteryReserve(smallest, fleet.freeCells, points);
    const high = automaticBatteryReserve(largest, fleet.freeCells, points);
    return low === high ? percent(low) : `${percent(low)} to ${percent(high)}`;
  };
  const fleetText =
    smallest === largest
      ? `${formatGrouped(largest)} ${largest === 1 ? 'robot' : 'robots'}`
      : `${formatGrouped(smallest)} to ${formatGrouped(largest)} robots`;
  const cells = `on ${formatGrouped(fleet.freeCells)} free cells`;
  if (robots === 'point') return `${base}: ${span(true)} for ${fleetText} ${cells}.`;
  const verbs = smallest === largest && largest === 1 ? 'accelerates and turns' : 'accelerate and turn';
  if (robots === 'model') return `${base}: ${span(false)} for ${fleetText} that ${verbs}, ${cells}.`;
  return `${base}: ${span(true)} for ${fleetText} ${cells}, ${span(false)} for robots that accelerate and turn.`;
}
