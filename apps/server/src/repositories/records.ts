import type {
  EnvironmentRecord,
  EnvironmentSummary,
  EnvironmentReference,
  ScenarioRecord,
  SolveSummaryRecord,
  SolveStatusValue,
  TaskRecord,
  TaskTypeValue,
} from '@fleetlab/warehouse';
import type { EnvironmentRow, ScenarioRow, SolveRow, TaskRow } from '../db/schema.ts';
import type { PlanText } from '../jobs/solve-thread-protocol.ts';

/** Rows to API records (spec §3): owners stay private, times become ISO strings. */
const timestampsOf = (row: { created_at: Date; updated_at: Date }) => ({
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The environment at its newest version (GET /environments/{id}/versions/{version} reads earlier ones). */
export function toEnvironmentRecord(row: EnvironmentRow): EnvironmentRecord {
  return { ...toEnvironmentSummary(row), graph: row.graph, latest_version: row.version };
}

export function toEnvironmentSummary(row: Omit<EnvironmentRow, 'graph'>): EnvironmentSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    dimensions: row.dimensions,
    elements: row.elements,
    version: row.version,
    ...timestampsOf(row),
  };
}

/** The reference to an environment that records made on it carry, with its newest version. */
export interface VersionedEnvironmentReference extends EnvironmentReference {
  version: number;
}

/** A record's environment `{ id, name }` and which of its versions the record was made on. */
function environmentFieldsOf(row: { environment_version: number }, environment: VersionedEnvironmentReference) {
  return {
    environment: { id: environment.id, name: environment.name },
    environment_version: row.environment_version,
    environment_latest_version: environment.version,
  };
}

export function toScenarioRecord(row: ScenarioRow, environment: VersionedEnvironmentReference): ScenarioRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    environment_id: row.environment_id,
    ...environmentFieldsOf(row, environment),
    parameters: row.parameters,
    ...timestampsOf(row),
  };
}

export function toTaskRecord(row: TaskRow): TaskRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    task_type: row.task_type as TaskTypeValue,
    scenario_id: row.scenario_id,
    status: row.status,
    details: row.details,
    ...timestampsOf(row),
  };
}

/**
 * The solve record (spec §3) as JSON text: the summary serialised, then the plan and its execution
 * spliced in as the JSON text the database holds, never parsed on the way.
 */
export function solveRecordJson(summary: SolveSummaryRecord, plan: PlanText<string | null>): string {
  const head = JSON.stringify(summary);
  return `${head.slice(0, -1)},"results":${plan.results ?? 'null'},"execution":${plan.execution ?? 'null'}}`;
}

export function toSolveSummary(
  row: Omit<SolveRow, 'results' | 'execution'>,
  environment: VersionedEnvironmentReference,
  tasks: TaskRecord[],
): SolveSummaryRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as SolveStatusValue,
    environment_id: row.environment_id,
    ...environmentFieldsOf(row, environment),
    scenario_id: row.scenario_id,
    task_id: row.task_id,
    algorithm_id: row.algorithm_id,
    ...(row.experiment_id === null ? {} : { experiment_id: row.experiment_id }),
    parameters: row.parameters,
    celery_task_id: row.celery_task_id,
    stats: row.stats,
    progress: row.progress,
    tasks,
    ...timestampsOf(row),
  };
}
