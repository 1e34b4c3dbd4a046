import type { Problem } from '../problem.ts';
import type { ObjectiveScale } from '../objective.ts';
import type { Random } from '../random.ts';
import type { Routes } from '../plan-builder.ts';

/** Everything an algorithm may use: the problem, a seeded generator, the clock and limits. */
export interface AlgorithmContext {
  problem: Problem;
  random: Random;
  scale: ObjectiveScale;
  /** The greedy construction's routes (also the objective's normaliser). */
  greedyRoutes: Routes;
  lowerBoundS: number;
  /** Milliseconds, from the injected clock. */
  now: () => number;
  deadlineMs: number;
  /** Cap on improvement iterations (Infinity when only the time limit applies). */
  maxIterations: number;
  /** Throws SolveCancelledError once the caller asked to stop; cheap enough to call often. */
  checkCancelled: () => void;
  /** True when the time limit is reached (or the caller asked to stop). */
  timeUp: () => boolean;
  /** Reports progress in [0, 1] and the best makespan so far; throttled by the caller. */
  progress: (fraction: number, bestMakespanS: number | null) => void;
  /** Improvement iterations done, reported in stats. */
  iterations: number;
}

export class SolveCancelledError extends Error {
  constructor() {
    super('The solve was cancelled');
    this.name = 'SolveCancelledError';
  }
}
