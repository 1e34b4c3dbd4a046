/** A sweep point as the knee rule sees it: a fleet size and its makespan (null: no result). */
export interface KneeCandidate {
  readonly robotCount: number;
  readonly makespan: number | null | undefined;
}

/**
 * The knee of a fleet sweep: the smallest fleet whose makespan is within `tolerance`
 * (a fraction: 0.05 = 5%) of the best makespan of the sweep. Beyond it, more robots buy
 * little. Points without a makespan (pending, failed) are ignored; among equal fleet sizes
 * the first point wins. Null when no point has a makespan.
 */
export function findKnee<T extends KneeCandidate>(points: readonly T[], tolerance: number): T | null {
  const finished = points.filter((point): point is T & { makespan: number } =>
    typeof point.makespan === 'number' && Number.isFinite(point.makespan),
  );
  if (finished.length === 0) return null;
  const best = Math.min(...finished.map((point) => point.makespan));
  const limit = best * (1 + Math.max(0, tolerance));
  let knee: T | null = null;
  for (const point of finished) {
    // A tiny slack keeps a point exactly on the limit inside despite floating-point rounding.
    if (point.makespan > limit + 1e-9 * Math.max(1, limit)) continue;
    if (knee === null || point.robotCount < knee.robotCount) knee = point;
  }
  return knee;
}
