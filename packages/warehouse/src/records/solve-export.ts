/** What a solve's JSON export says it is, so an archived file can be recognised and read back. */
export const SOLVE_EXPORT_FORMAT = 'fleetlab-solve';
export const SOLVE_EXPORT_FORMAT_VERSION = 1;

/** The fields of a solve record an export reads by name; the rest is carried as it is. */
export interface SolveExportSource {
  readonly id: number | string;
  readonly environment_id?: number | null;
  readonly environment?: { readonly id: number; readonly name: string; readonly version?: number | null } | null;
  /** The layout version the solve ran on (solve records carry it beside `environment`). */
  readonly environment_version?: number | null;
  /** How far a running solve got, and the queue's job id: the moment's state, not the answer. */
  readonly progress?: unknown;
  readonly celery_task_id?: unknown;
}

/**
 * A solve's JSON export: the whole record as GET /solves/{id} gives it (parameters, the robot
 * model when the solve has one, results, `stats` with makespan, bounds, gap, the execution
 * totals and a shift's KPIs, the execution on the floor, the tasks), without the running
 * state, under a format name and version. `environment` names the layout the solve ran on:
 * its id, name and `version` (the solve's `environment_version`), the one place an export
 * states it; null only for a record from before layouts had versions.
 */
export function solveExport(solve: SolveExportSource): Record<string, unknown> {
  const { progress: _progress, celery_task_id: _job, ...record } = solve;
  const environmentId = solve.environment?.id ?? solve.environment_id ?? null;
  return {
    format: SOLVE_EXPORT_FORMAT,
    format_version: SOLVE_EXPORT_FORMAT_VERSION,
    ...record,
    environment: {
      id: environmentId,
      name: solve.environment?.name ?? null,
      version: solve.environment?.version ?? solve.environment_version ?? null,
    },
  };
}
