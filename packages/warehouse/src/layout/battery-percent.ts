/**
 * Battery left after driving `distance` since the last charge (spec §9, solve model): the
 * capacity scaled by (1 - distance / maxDistance), clamped to [0, capacity]. A robot with no
 * range (maxDistance <= 0) is full until it moves and empty after.
 */
export function batteryPercent(distance: number, maxDistance: number, capacity: number): number {
  const full = Math.max(capacity, 0);
  if (maxDistance <= 0) return distance > 0 ? 0 : full;
  const remaining = full * (1 - distance / maxDistance);
  return Math.min(Math.max(remaining, 0), full);
}
