import type { EnvironmentSummary, Scenario } from '../api/types.ts';

/** Spec §9: the scenario page lists its first 5 tasks. */
export const SCENARIO_TASK_PREVIEW_LIMIT = 5;

export function scenarioEnvironmentName(scenario: Scenario, environments: EnvironmentSummary[] | undefined): string {
  return (
    scenario.environment?.name ??
    environments?.find((environment) => environment.id === scenario.environment_id)?.name ??
    `Environment ${scenario.environment_id}`
  );
}

/** The scenario's robot count, or the environment's robots when the scenario does not set one. */
export function scenarioRobotCount(scenario: Scenario, environments: EnvironmentSummary[] | undefined): number | null {
  if (typeof scenario.parameters?.robot_count === 'number') return scenario.parameters.robot_count;
  const environment = environments?.find((candidate) => candidate.id === scenario.environment_id);
  return environment ? (environment.elements?.robots?.length ?? 0) : null;
}

/** Reads a numeric id filter from the query string; anything else means no filter. */
export function parseIdParam(value: string | null): string | null {
  return value !== null && /^\d+$/.test(value) ? value : null;
}
