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
