import { FloorError } from '@fleetlab/warehouse';

/** A plan that does not fit its environment, or an execution that cannot finish: the message names the problem. */
export class SimulationError extends Error {
  override name = 'SimulationError';
}

/** Raised when `shouldStop` asks the simulation to end. */
export class SimulationCancelledError extends Error {
  override name = 'SimulationCancelledError';
  constructor() {
    super('The simulation was cancelled');
  }
}

/** Robots that cannot get past each other: the run is replayed with a wider battery reserve before this reaches anyone. */
export class TrafficJamError extends SimulationError {
  override name = 'TrafficJamError';
}

/** Runs `body`, turning the floor's errors (a place off the floor, a bad parameter, a bad plan) into SimulationErrors with the same message. */
export function asSimulationError<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof FloorError) throw new SimulationError(error.message);
    throw error;
  }
}
