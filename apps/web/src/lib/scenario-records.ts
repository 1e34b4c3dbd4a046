import { MAX_TASKS_PER_BATCH } from '@fleetlab/warehouse';
import type { EnvironmentSummary, NewScenario, NewTask, Scenario, Task } from '../api/types.ts';

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

/** POST /scenarios body of a scenario made again under `name` (on the environment's newest layout). */
export function scenarioCopyBody(scenario: Scenario, name: string): NewScenario {
  return {
    name,
    description: scenario.description ?? undefined,
    environment_id: scenario.environment_id,
    parameters: scenario.parameters,
  };
}

/** The tasks of a scenario for its copy `scenarioId`, in POST /tasks/batch lists of at most the batch limit. */
export function taskCopyBatches(tasks: readonly Task[], scenarioId: number): NewTask[][] {
  const copies = tasks.map((task) => ({
    name: task.name,
    description: task.description ?? undefined,
    task_type: task.task_type,
    scenario_id: scenarioId,
    details: task.details,
  }));
  const batches: NewTask[][] = [];
  for (let start = 0; start < copies.length; start += MAX_TASKS_PER_BATCH) {
    batches.push(copies.slice(start, start + MAX_TASKS_PER_BATCH));
  }
  return batches;
}
