import type { Solve, SolveProgress } from '../api/types.ts';

/** The error text a failed solve carries in `results.error` (or the legacy `result.error`). */
export function solveErrorText(solve: Pick<Solve, 'results'> & { result?: unknown }): string | null {
  for (const container of [solve.results, solve.result]) {
    if (container && typeof container === 'object' && 'error' in container) {
      const error = (container as { error: unknown }).error;
      if (typeof error === 'string' && error.trim()) return error;
    }
  }
  return null;
}

/** The running solve's progress, when the worker has reported one. */
export function solveProgress(solve: Pick<Solve, 'progress'>): SolveProgress | null {
  const progress = solve.progress;
  if (!progress || typeof progress.percent !== 'number' || !Number.isFinite(progress.percent)) return null;
  const best = progress.best_makespan_s;
  return {
    percent: Math.min(100, Math.max(0, progress.percent)),
    best_makespan_s: typeof best === 'number' && Number.isFinite(best) ? best : null,
  };
}
