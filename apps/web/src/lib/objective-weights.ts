import {
  normalizeObjectiveWeights,
  objectiveNameValues,
  SOLVE_PARAMETER_DEFAULTS,
  type ObjectiveName,
} from '@fleetlab/warehouse';

export interface ObjectiveSetting {
  enabled: boolean;
  weight: number;
}
export type ObjectiveSettings = Record<ObjectiveName, ObjectiveSetting>;

/** Spec §9: the default weights enabled (completion_time at 100), the others disabled at 0. */
export function defaultObjectiveSettings(): ObjectiveSettings {
  const defaults: Partial<Record<ObjectiveName, number>> = SOLVE_PARAMETER_DEFAULTS.objective_weights;
  return Object.fromEntries(
    objectiveNameValues.map((name) => [name, { enabled: defaults[name] !== undefined, weight: defaults[name] ?? 0 }]),
  ) as ObjectiveSettings;
}

/**
 * The objective weights a solve is submitted with: the form's checkboxes and weights run
 * through the shared rule of spec §5 (`normalizeObjectiveWeights` of @fleetlab/warehouse):
 * at least one objective enabled, enabled weights summing to 100, only enabled ones sent.
 */
export function objectiveWeightsToSubmit(settings: ObjectiveSettings): Partial<Record<ObjectiveName, number>> {
  const toggles: Partial<Record<ObjectiveName, boolean>> = {};
  const weights: Partial<Record<ObjectiveName, number>> = {};
  for (const name of objectiveNameValues) {
    toggles[name] = settings[name].enabled;
    weights[name] = settings[name].weight;
  }
  return normalizeObjectiveWeights(toggles, weights);
}
