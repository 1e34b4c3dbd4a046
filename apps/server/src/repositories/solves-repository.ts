import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { SolveCreateParsed, SolveParametersRecord, SolveStatsRecord } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, solves, tasks, type SolveRow } from '../db/schema.ts';
import type { PlanText } from '../jobs/solve-thread-protocol.ts';
import { environmentReferenceColumns } from './environments-repository.ts';
import { deleteOwnedRow, ownedRow, ownedRowsVersion } from './owned-rows.ts';
import type { VersionedEnvironmentReference } from './records.ts';

/** Every column but the plan and its execution: lists never load them. */
const { results: _results, execution: _execution, ...summaryColumns } = getTableColumns(solves);

export type NewSolve = SolveCreateParsed;

/** A solve row without its plan and execution. */
export type SolveSummaryRow = Omit<SolveRow, 'results' | 'execution'>;

/** A solve row with the `{ id, name }` of its environment and its newest version, as its records show them. */
export interface StoredSolve<Row> {
  solve: Row;
  environment: VersionedEnvironmentReference;
}

/**
 * Which version of a solve's record the rows hold: its status, and a key that changes whenever
 * anything its record shows changes (the solve, its environment's name, its task).
 */
export interface SolveVersion {
  status: string;
  solveUpdatedAt: Date;
  key: string;
}

/** What an experiment reads of each of its solves: the stats and error, never the whole plan. */
export interface PointSolveRow {
  id: number;
  experiment_id: number;
  status: string;
  parameters: SolveParametersRecord;
  stats: SolveStatsRecord | null;
  error: string | null;
}

/**
 * Reads of the solves table, and deleting a solve. Every write of a solve's status (creating it
 * pending, the queue's claim, progress and outcome, cancelling) goes through `SolveStatusRepository`.
 */
export class SolvesRepository {
  constructor(private readonly db: Database) {}

  /**
   * The version of the caller's solves list: changes with every solve added, deleted or moved on
   * (each status write stamps updated_at), and with what an unfinished solve's row gains without
   * one: its job and its progress.
   */
  listVersion(userId: number): Promise<string> {
    return ownedRowsVersion(
      this.db,
      solves,
      userId,
      sql<
        string | null
      >`string_agg(${solves.id} || ':' || coalesce(${solves.celery_task_id}, '') || ':' || coalesce(${solves.progress}::text, ''), ',' order by ${solves.id}) filter (where ${solves.status} in ('pending', 'running'))`,
    );
  }

  async list(
    userId: number,
    filter: { environmentId?: number; scenarioId?: number } = {},
  ): Promise<StoredSolve<SolveSummaryRow>[]> {
    const conditions: SQL[] = [eq(solves.user_id, userId)];
    if (filter.environmentId !== undefined) conditions.push(eq(solves.environment_id, filter.environmentId));
    if (filter.scenarioId !== undefined) conditions.push(eq(solves.scenario_id, filter.scenarioId));
    return this.db
      .select({ solve: summaryColumns, environment: environmentReferenceColumns })
      .from(solves)
      .innerJoin(environments, eq(environments.id, solves.environment_id))
      .where(and(...conditions))
      .orderBy(desc(solves.created_at), desc(solves.id));
  }

  /** The version of the caller's solve `id` (three timestamps, no plan read), or null. */
  async findVersion(userId: number, id: number): Promise<SolveVersion | null> {
    const [row] = await this.db
      .select({
        status: solves.status,
        solveUpdatedAt: solves.updated_at,
        environmentUpdatedAt: environments.updated_at,
        taskUpdatedAt: tasks.updated_at,
      })
      .from(solves)
      .innerJoin(environments, eq(environments.id, solves.environment_id))
      .leftJoin(tasks, eq(tasks.id, solves.task_id))
      .where(ownedRow(solves, userId, id));
    if (!row) return null;
    const key = [row.solveUpdatedAt, row.environmentUpdatedAt, row.taskUpdatedAt]
      .map((time) => time?.getTime() ?? '-')
      .join(':');
    return { status: row.status, solveUpdatedAt: row.solveUpdatedAt, key };
  }

  /**
   * One solve, its plan and execution as the JSON text stored (megabytes for a large day): GET
   * /solves/{id} sends that text as it is, so nothing parses or re-serialises it on the way out.
   */
  async getWithPlanText(
    userId: number,
    id: number,
  ): Promise<(StoredSolve<SolveSummaryRow> & PlanText<string | null>) | null> {
    const [row] = await this.db
      .select({
        solve: summaryColumns,
        environment: environmentReferenceColumns,
        results: sql<string | null>`${solves.results}::text`,
        execution: sql<string | null>`${solves.execution}::text`,
      })
      .from(solves)
      .innerJoin(environments, eq(environments.id, solves.environment_id))
      .where(ownedRow(solves, userId, id));
    return row ?? null;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    return deleteOwnedRow(this.db, solves, userId, id);
  }

  async idsOfExperiment(experimentId: number): Promise<number[]> {
    const rows = await this.db.select({ id: solves.id }).from(solves).where(eq(solves.experiment_id, experimentId));
    return rows.map((row) => row.id);
  }

  /**
   * The solves of the experiments, oldest first (the order their points were created in). Only
   * `stats` and the error of a failed point leave the database: plans of large fleets weigh
   * megabytes and the results page polls every 2 s. The error is read from failed rows only, so a
   * completed point's plan is never even read.
   */
  async pointsOfExperiments(experimentIds: readonly number[]): Promise<PointSolveRow[]> {
    if (experimentIds.length === 0) return [];
    const rows = await this.db
      .select({
        id: solves.id,
        experiment_id: solves.experiment_id,
        status: solves.status,
        parameters: solves.parameters,
        stats: solves.stats,
        error: sql<string | null>`case when ${solves.status} = 'failed' then ${solves.results} ->> 'error' end`,
      })
      .from(solves)
      .where(inArray(solves.experiment_id, [...experimentIds]))
      .orderBy(asc(solves.id));
    return rows.map((row) => ({ ...row, experiment_id: row.experiment_id as number }));
  }
}
