import type { SolveSummary } from '../api/types.ts';

const RECENT_SOLVES_LIMIT = 5;

/** Newest first, so "recent" means recent whatever order the API lists them in. */
export function recentSolves<T extends SolveSummary>(solves: readonly T[], limit = RECENT_SOLVES_LIMIT): T[] {
  return [...solves]
    .sort((a, b) => (Date.parse(b.created_at ?? '') || 0) - (Date.parse(a.created_at ?? '') || 0) || b.id - a.id)
    .slice(0, limit);
}

/** The solves planners run themselves: an experiment's points are listed under their experiment. */
export function ownSolves<T extends Pick<SolveSummary, 'experiment_id'>>(solves: readonly T[]): T[] {
  return solves.filter((solve) => solve.experiment_id === undefined);
}

export function solveEnvironmentName(solve: SolveSummary, environmentNames?: Map<number, string>): string {
  return (
    solve.environment?.name ?? environmentNames?.get(solve.environment_id) ?? `Environment ${solve.environment_id}`
  );
}
