import type { ScenarioParametersRecord } from '@fleetlab/warehouse';
import { fleetLimitText, type FleetSize } from '../lib/fleet-size.ts';

export interface ScenarioParameterErrors {
  orderVolume?: string;
  robotCount?: string;
}

/**
 * Order Volume and Robot Count as typed on the scenario form and page. Empty fields are left
 * out (an empty Robot Count means the whole fleet), so an untouched form still sends `{}`.
 */
export function parseScenarioParameters(
  orderVolume: string,
  robotCount: string,
  fleet: FleetSize | null,
): { parameters: ScenarioParametersRecord } | { errors: ScenarioParameterErrors } {
  const errors: ScenarioParameterErrors = {};
  const parameters: ScenarioParametersRecord = {};
  if (orderVolume.trim() !== '') {
    const value = Number(orderVolume);
    if (!Number.isInteger(value) || value < 1) errors.orderVolume = 'Order Volume must be a whole number of at least 1';
    else parameters.order_volume = value;
  }
  if (robotCount.trim() !== '') {
    const value = Number(robotCount);
    if (!Number.isInteger(value) || value < 1) errors.robotCount = 'Robot Count must be a whole number of at least 1';
    else if (fleet !== null && value > fleet.max) errors.robotCount = `${fleetLimitText(fleet)}.`;
    else parameters.robot_count = value;
  }
  return errors.orderVolume || errors.robotCount ? { errors } : { parameters };
}

/** 'All 6 robots' when the scenario leaves the fleet unset. */
export function robotCountLabel(robotCount: number | undefined, fleet: FleetSize | null): string {
  if (robotCount !== undefined) return String(robotCount);
  return fleet === null ? 'All robots' : `All ${fleet.drawn} robots`;
}
