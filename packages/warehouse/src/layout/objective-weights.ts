import { objectiveNameValues, type ObjectiveName, type ObjectiveWeights } from '../records/objectives.ts';

export type ObjectiveToggles = Partial<Record<ObjectiveName, boolean>>;

/** Spec §5: with nothing enabled, completion time is. */
const DEFAULT_OBJECTIVE: ObjectiveName = 'completion_time';

/**
 * The objective weights a solve form submits (spec §5): only enabled objectives, in the spec's
 * order, summing to exactly 100. All zero: split evenly. Otherwise: each scaled to its share of
 * 100 and rounded; the rounding remainder goes to the first enabled objective. At least one
 * objective stays enabled (completion_time when none is). Missing, negative or non-finite
 * weights count as 0.
 */
export function normalizeObjectiveWeights(enabled: ObjectiveToggles, weights: ObjectiveWeights): ObjectiveWeights {
  const chosen = objectiveNameValues.filter((objective) => enabled[objective] === true);
  const active = chosen.length > 0 ? chosen : [DEFAULT_OBJECTIVE];
  const raw = active.map((objective) => {
    const weight = weights[objective];
    return typeof weight === 'number' && Number.isFinite(weight) && weight > 0 ? weight : 0;
  });
  const total = raw.reduce((sum, weight) => sum + weight, 0);
  if (total === 0)
    return sharesOf(
      active,
      withRemainderToFirst(
        active.map(() => 100 / active.length),
        Math.floor,
      ),
    );
  const exact = raw.map((weight) => (weight * 100) / total);
  const rounded = withRemainderToFirst(exact, Math.round);
  // Rounding several shares up can push a tiny first share below 0; rounding all down cannot,
  // so then every share is rounded down instead (the remainder still goes to the first).
  return sharesOf(active, rounded[0] >= 0 ? rounded : withRemainderToFirst(exact, Math.floor));
}

/** Each share rounded with `round`; what is missing to 100 (or over it) goes to the first. */
function withRemainderToFirst(exact: number[], round: (value: number) => number): number[] {
  const shares = exact.map(round);
  shares[0] += 100 - shares.reduce((sum, share) => sum + share, 0);
  return shares;
}

function sharesOf(objectives: readonly ObjectiveName[], shares: readonly number[]): ObjectiveWeights {
  return Object.fromEntries(objectives.map((objective, index) => [objective, shares[index]])) as ObjectiveWeights;
}
