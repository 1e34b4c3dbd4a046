import type { ScenarioParametersRecord } from '@fleetlab/warehouse';

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
  robotsInEnvironment: number | null,
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
    const max = robotsInEnvironment ?? Number.POSITIVE_INFINITY;
    if (!Number.isInteger(value) || value < 1 || value > max) {
      errors.robotCount =
        robotsInEnvironment === null
          ? 'Robot Count must be a whole number of at least 1'
          : `Robot Count must be from 1 to ${robotsInEnvironment} (the robots of the environment)`;
    } else parameters.robot_count = value;
  }
  return errors.orderVolume || errors.robotCount ? { errors } : { parameters };
}

/** 'All 6 robots' when the scenario leaves the fleet unset. */
export function robotCountLabel(robotCount: number | undefined, robotsInEnvironment: number | null): string {
  if (robotCount !== undefined) return String(robotCount);
  return robotsInEnvironment === null ? 'All robots' : `All ${robotsInEnvironment} robots`;
}
