import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.ts';

export interface AdmissionLimits {
  /** Requests working at once (every API request reads the database: its token at least). */
  active: number;
  /** Requests waiting for one of those places; one more is refused at once. */
  queued: number;
  /** A request still waiting after this long is refused instead of answered late. */
  maxWaitMs: number;
}

/**
 * Two lanes, each with its own places and line: reads (GET and HEAD: who am I, lists, a solve,
 * its finished plan) never wait behind writes (creating environments, storing tasks, posting
 * solves), which can take far longer each.
 */
export interface AdmissionLanes {
  reads: AdmissionLimits;
  writes: AdmissionLimits;
}

/** What a refused request is told, with Retry-After: 1. */
export const SERVER_BUSY_DETAIL = 'The server is busy right now; please try again in a moment.';
const RETRY_AFTER_SECONDS = 1;

/**
 * A bound on the work one API process takes on: at most `active` requests at once, at most
 * `queued` more waiting, none starting after waiting longer than `maxWaitMs`. Beyond that a
 * request is refused (503 with Retry-After) instead of joining a line whose end it would reach
 * only after its client gave up.
 *
 * The line is served oldest first. Under overload the places stay busy (the server answers at its
 * capacity) and the excess is refused at the door, at once and for nothing: a person who got in
 * line is answered in turn, never passed over for someone who came later, and the line's length
 * bounds the wait. Newest first would answer the latest caller sooner but strand the oldest ones
 * until their wait runs out, so they would hear "busy" after waiting the longest.
 */
export class RequestAdmission {
  private activeCount = 0;
  private readonly waiting: Array<(admitted: boolean) => void> = [];

  constructor(private readonly limits: AdmissionLimits) {}

  /**
   * Resolves true once the request may run (call `leave` after), false when it is refused: the
   * queue is full, or its wait would pass `maxWaitMs` counting the `waitedMs` it has waited already,
   * or `clientGone` fires while it waits (its client hung up: its turn goes to the next one).
   */
  enter(waitedMs = 0, clientGone?: AbortSignal): Promise<boolean> {
    if (waitedMs > this.limits.maxWaitMs || clientGone?.aborted) return Promise.resolve(false);
    if (this.activeCount < this.limits.active) {
      this.activeCount += 1;
      return Promise.resolve(true);
    }
    if (this.waiting.length >= this.limits.queued) return Promise.resolve(false);
    return new Promise((resolve) => {
      const giveUp = () => {
        const index = this.waiting.indexOf(admit);
        if (index >= 0) this.waiting.splice(index, 1);
        admit(false);
      };
      const timer = setTimeout(giveUp, this.limits.maxWaitMs - waitedMs);
      const admit = (admitted: boolean) => {
        clearTimeout(timer);
        clientGone?.removeEventListener('abort', giveUp);
        resolve(admitted);
      };
      clientGone?.addEventListener('abort', giveUp, { once: true });
      this.waiting.push(admit);
    });
  }

  /** A request that entered is done: its place goes to the longest waiting one. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.activeCount -= 1;
  }

  /** Requests running and waiting now. */
  get load(): { active: number; queued: number } {
    return { active: this.activeCount, queued: this.waiting.length };
  }
}

/** Reads go in the reads lane; anything that may change something in the writes lane. */
function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * Puts every request of `scope` through its lane's RequestAdmission, before anything else runs
 * (the token check reads the database too). A refused request gets 503 with Retry-After and
 * costs nothing more; an admitted one gives its place back when its answer is sent or its client
 * leaves.
 */
export function installRequestAdmission(
  scope: FastifyInstance,
  lanes: AdmissionLanes,
): { reads: RequestAdmission; writes: RequestAdmission } {
  const reads = new RequestAdmission(lanes.reads);
  const writes = new RequestAdmission(lanes.writes);
  scope.addHook('onRequest', async (request, reply) => {
    const admission = isRead(request.method) ? reads : writes;
    // Every request read in one turn of the event loop yields here once, so the time it then
    // spends behind the others read with it (a burst parsed at once) counts against `maxWaitMs`
    // as its wait, not as work.
    const arrivedMs = performance.now();
    // Before its answer is sent, 'close' means the client hung up: it leaves the line.
    const clientGone = new AbortController();
    const hungUp = () => clientGone.abort();
    reply.raw.once('close', hungUp);
    await new Promise((resolve) => setImmediate(resolve));
    const admitted = await admission.enter(performance.now() - arrivedMs, clientGone.signal);
    reply.raw.off('close', hungUp);
    if (!admitted) throw new ApiError(503, SERVER_BUSY_DETAIL, RETRY_AFTER_SECONDS);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      admission.leave();
    };
    // 'close' comes after the answer is sent or when the client hangs up first, whichever happens.
    reply.raw.once('finish', leave);
    reply.raw.once('close', leave);
  });
  return { reads, writes };
}
