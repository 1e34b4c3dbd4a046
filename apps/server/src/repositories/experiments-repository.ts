import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AlgorithmName,
  ExperimentKind,
  ExperimentParametersRecord,
  ScenarioParametersRecord,
  SolveParametersRecord,
} from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, experiments, scenarios, solves, tasks, type ExperimentRow } from '../db/schema.ts';

export interface NewExperiment {
  name: string;
  description: string | null;
  kind: ExperimentKind;
  environment_id: number;
  scenario_id: number;
  task_id: number;
  algorithms: AlgorithmName[];
  robot_counts: number[];
  charger_counts: number[];
  parameters: ExperimentParametersRecord;
  knee_tolerance: number;
}

/** What an experiment reads of each of its solves: the stats and error, never the whole plan. */
export interface PointSolveRow {
  id: number;
  experiment_id: number;
  status: string;
  parameters: SolveParametersRecord;
  stats: Record<string, unknown> | null;
  error: string | null;
}

/** A scenario of the caller with what experiments and parameter edits check against. */
export interface ScenarioWithFleet {
  id: number;
  environment_id: number;
  name: string;
  parameters: ScenarioParametersRecord;
  robotsInEnvironment: number;
}

export class ExperimentsRepository {
  constructor(private readonly db: Database) {}

  async insert(userId: number, experiment: NewExperiment, now: Date): Promise<ExperimentRow> {
    const [row] = await this.db
      .insert(experiments)
      .values({ ...experiment, user_id: userId, cancelled_at: null, created_at: now, updated_at: now })
      .returning();
    return row;
  }

  async attachSolve(experimentId: number, solveId: number): Promise<void> {
    await this.db.update(solves).set({ experiment_id: experimentId }).where(eq(solves.id, solveId));
  }

  async list(userId: number): Promise<ExperimentRow[]> {
    return this.db
      .select()
      .from(experiments)
      .where(eq(experiments.user_id, userId))
      .orderBy(desc(experiments.created_at), desc(experiments.id));
  }

  async get(userId: number, id: number): Promise<ExperimentRow | null> {
    const [row] = await this.db
      .select()
      .from(experiments)
      .where(and(eq(experiments.id, id), eq(experiments.user_id, userId)));
    return row ?? null;
  }

  /**
   * The solves of the experiments, oldest first (the order their points were created in). Only
   * `stats` and `results.error` leave the database: plans of large fleets weigh megabytes and the
   * results page polls every 2 s.
   */
  async pointSolves(experimentIds: number[]): Promise<PointSolveRow[]> {
    if (experimentIds.length === 0) return [];
    const rows = await this.db
      .select({
        id: solves.id,
        experiment_id: solves.experiment_id,
        status: solves.status,
        parameters: solves.parameters,
        stats: solves.stats,
        error: sql<string | null>`${solves.results} ->> 'error'`,
      })
      .from(solves)
      .where(inArray(solves.experiment_id, experimentIds))
      .orderBy(asc(solves.id));
    return rows.map((row) => ({ ...row, experiment_id: row.experiment_id as number }));
  }

  /** Number of pickup-dropoff pairs of each task. */
  async deliveriesOfTasks(taskIds: number[]): Promise<Map<number, number>> {
    if (taskIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: tasks.id, details: tasks.details })
      .from(tasks)
      .where(inArray(tasks.id, [...new Set(taskIds)]));
    return new Map(rows.map((row) => [row.id, row.details.tasks?.length ?? 0]));
  }

  /**
   * Marks the experiment cancelled and fails its unfinished solves with `error`, in one
   * transaction. Returns the ids of the solves it ended (their jobs are the queue's to stop), or
   * null when the experiment is not the caller's.
   */
  async cancel(userId: number, id: number, error: string, now: Date): Promise<number[] | null> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(experiments)
        .set({ cancelled_at: now, updated_at: now })
        .where(and(eq(experiments.id, id), eq(experiments.user_id, userId)))
        .returning({ id: experiments.id });
      if (updated.length === 0) return null;
      const ended = await tx
        .update(solves)
        .set({ status: 'failed', results: { error }, stats: null, progress: null, updated_at: now })
        .where(and(eq(solves.experiment_id, id), inArray(solves.status, ['pending', 'running'])))
        .returning({ id: solves.id });
      return ended.map((solve) => solve.id);
    });
  }

  async solveIdsOf(experimentId: number): Promise<number[]> {
    const rows = await this.db.select({ id: solves.id }).from(solves).where(eq(solves.experiment_id, experimentId));
    return rows.map((row) => row.id);
  }

  /** Deletes the experiment; solves still attached go with it (ON DELETE CASCADE). */
  async delete(userId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(experiments)
      .where(and(eq(experiments.id, id), eq(experiments.user_id, userId)))
      .returning({ id: experiments.id });
    return deleted.length > 0;
  }

  async scenarioWithFleet(userId: number, scenarioId: number): Promise<ScenarioWithFleet | null> {
    const [row] = await this.db
      .select({
        id: scenarios.id,
        environment_id: scenarios.environment_id,
        name: scenarios.name,
        parameters: scenarios.parameters,
        elements: environments.elements,
      })
      .from(scenarios)
      .innerJoin(environments, eq(environments.id, scenarios.environment_id))
      .where(and(eq(scenarios.id, scenarioId), eq(scenarios.user_id, userId)));
    if (!row) return null;
    const { elements, ...scenario } = row;
    return { ...scenario, robotsInEnvironment: elements.robots.length };
  }

  async taskScenarioOf(userId: number, taskId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ scenario_id: tasks.scenario_id })
      .from(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.user_id, userId)));
    return row?.scenario_id ?? null;
  }

  /** Updates the given fields of the caller's scenario; false when it is not the caller's. */
  async updateScenario(
    userId: number,
    id: number,
    changes: { name?: string; description?: string | null; parameters?: ScenarioParametersRecord },
    now: Date,
  ): Promise<boolean> {
    const updated = await this.db
      .update(scenarios)
      .set({ ...changes, updated_at: now })
      .where(and(eq(scenarios.id, id), eq(scenarios.user_id, userId)))
      .returning({ id: scenarios.id });
    return updated.length > 0;
  }
}
