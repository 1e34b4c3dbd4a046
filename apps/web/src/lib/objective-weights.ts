import { normalizeObjectiveWeights, objectiveNameValues } from '@fleetlab/warehouse';
import type { ObjectiveName } from '../api/types.ts';

/** The objectives in the order of spec §9; "first" in the normalisation rule means this order. */
export const OBJECTIVE_NAMES: readonly ObjectiveName[] = objectiveNameValues;

export interface ObjectiveSetting { enabled: boolean; weight: number }
export type ObjectiveSettings = Record<ObjectiveName, ObjectiveSetting>;

/** Spec §9: completion_time enabled at 100, the others disabled at 0. */
export function defaultObjectiveSettings(): ObjectiveSettings {
  return {
    completion_time: { enabled: true, weight: 100 },
    energy_usage: { enabled: false, weight: 0 },
    distance_traveled: { enabled: false, weight: 0 },
    balanced_workload: { enabled: false, weight: 0 },
    cost_efficiency: { enabled: false, weight: 0 },
  };
}

/**
 * The objective weights a solve is submitted with: the form's checkboxes and weights run
 * through the shared rule of spec §5 (`normalizeObjectiveWeights` of @fleetlab/warehouse):
 * at least one objective enabled, enabled weights summing to 100, only enabled ones sent.
 */
export function objectiveWeightsToSubmit(settings: ObjectiveSettings): Partial<Record<ObjectiveName, number>> {
  const toggles: Partial<Record<ObjectiveName, boolean>> = {};
  const weights: Partial<Record<ObjectiveName, number>> = {};
  for (const name of OBJECTIVE_NAMES) {
    toggles[name] = settings[name].enabled;
    weights[name] = settings[name].weight;
  }
  return normalizeObjectiveWeights(toggles, weights);
}
