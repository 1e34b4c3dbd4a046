// How many robots a form may ask of an environment: the drawn ones, and the most its floor can
// take (`maxFleetSize`: one more on every free cell beside the stations), the rule the server
// holds requests to (`robotCountProblem`).
import { FloorError, maxFleetSize, type FleetEnvironment } from '@fleetlab/warehouse';

export interface FleetSize {
  /** The robots drawn on the layout. */
  readonly drawn: number;
  /** The most robots a scenario, solve or sweep may ask for. */
  readonly max: number;
}

/** The environment's fleet limits; null while it is unknown. A floor that cannot be built takes only its drawn robots. */
export function fleetSizeOf(environment: FleetEnvironment | null | undefined): FleetSize | null {
  if (!environment) return null;
  const drawn = environment.elements.robots.length;
  try {
    return { drawn, max: maxFleetSize(environment) };
  } catch (error) {
    if (error instanceof FloorError) return { drawn, max: drawn };
    throw error;
  }
}

/** `This floor can take at most 345 robots (6 drawn, 339 more beside the stations)`. */
export function fleetLimitText(fleet: FleetSize): string {
  return `This floor can take at most ${fleet.max} ${fleet.max === 1 ? 'robot' : 'robots'} (${fleet.drawn} drawn, ${fleet.max - fleet.drawn} more beside the stations)`;
}
