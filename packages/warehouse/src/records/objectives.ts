import { z } from 'zod';

/**
 * The five measures `objective_weights` may weigh (solve model, "Objectives"), in the order of
 * spec §9: "first" in the normalisation rule of spec §5 means this order. Weights always travel
 * keyed by name, so no reader depends on the order.
 */
export const OBJECTIVES = [
  { name: 'completion_time', label: 'Completion Time' },
  { name: 'energy_usage', label: 'Energy Usage' },
  { name: 'distance_traveled', label: 'Distance Traveled' },
  { name: 'balanced_workload', label: 'Balanced Workload' },
  { name: 'cost_efficiency', label: 'Cost Efficiency' },
] as const;

export type ObjectiveName = (typeof OBJECTIVES)[number]['name'];
export const objectiveNameValues = OBJECTIVES.map((objective) => objective.name) as [ObjectiveName, ...ObjectiveName[]];

export const OBJECTIVE_LABELS = Object.fromEntries(
  OBJECTIVES.map((objective) => [objective.name, objective.label]),
) as Record<ObjectiveName, string>;

/** Weights by objective name; an absent objective weighs 0. */
export type ObjectiveWeights = Partial<Record<ObjectiveName, number>>;

/** The raw value of every measure of a plan. */
export const objectiveValuesSchema = z.object(
  Object.fromEntries(objectiveNameValues.map((name) => [name, z.number()])) as Record<ObjectiveName, z.ZodNumber>,
);
export type ObjectiveValues = z.infer<typeof objectiveValuesSchema>;
