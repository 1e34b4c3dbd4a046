/** A delivery that no robot can perform under the battery rules or the graph's connectivity. */
export class InfeasibleDeliveryError extends Error {
  readonly pair: [string, string];
  readonly reason: string;

  constructor(pair: [string, string], reason: string) {
    super(`Delivery ${pair[0]} -> ${pair[1]} cannot be done: ${reason}`);
    this.name = 'InfeasibleDeliveryError';
    this.pair = pair;
    this.reason = reason;
  }
}

/** Input that is malformed rather than infeasible (unknown ids, bad parameters). */
export class InvalidProblemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidProblemError';
  }
}
