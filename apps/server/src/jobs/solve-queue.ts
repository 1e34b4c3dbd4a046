/**
 * Moves solves from `pending` to a worker. Two adapters implement it (worker threads in the
 * embedded mode, BullMQ on Redis in the distributed mode); routes and services only see this
 * interface.
 */
export interface SolveQueue {
  /** Schedules the stored `pending` solve; resolves once the job is durably queued. */
  enqueue(solveId: number): Promise<void>;
  /** Withdraws a queued solve or stops a running one; a solve it does not know is ignored. */
  cancel(solveId: number): Promise<void>;
  /** Stops taking work and lets the current jobs finish or hand them back. */
  close(): Promise<void>;
  /**
   * Resolves when `enqueue` can be expected to succeed and throws `SolveQueueUnavailableError`
   * at once when it cannot (Redis unreachable), so POST /solves answers 503 before storing.
   */
  assertAvailable(): Promise<void>;
}

/** The queue cannot take jobs now (Redis unreachable); POST /solves maps it to 503. */
export class SolveQueueUnavailableError extends Error {
  override name = 'SolveQueueUnavailableError';
  constructor(message = 'The solve queue is unavailable; please try again in a moment.', options?: ErrorOptions) {
    super(message, options);
  }
}
