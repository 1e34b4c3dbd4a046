import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { SolveStatsRecord } from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { experiments, scenarios, solves, tasks, type SolveRow } from '../db/schema.ts';
import type { PlanText, SolvePhase } from '../jobs/solve-thread-protocol.ts';
import { layoutAtVersion, newestVersionOf, type StoredLayout } from './environments-repository.ts';
import type { NewSolve } from './solves-repository.ts';

/** What GET /solves/{id} shows while a solve runs. */
export type SolveProgressRecord = {
  /** Percent done over both phases, 0 to 100, one decimal: optimising takes the first 90; a shift's run takes all 100. */
  percent: number;
  /** `optimising` the plan, then `executing` it with every robot on the floor; or running a `shift`. */
  phase: SolvePhase;
  /** Makespan of the best plan found so far, in seconds; null before the first plan. */
  best_makespan_s: number | null;
  updated_at: string;
};

/** Share of the progress bar the optimiser takes; executing the plan takes the rest. */
const OPTIMISING_SHARE = 0.9;

/** The stored data a claimed solve runs on, as stored: the rules are applied by the run. */
export interface SolveJobInput {
  solve: SolveRow;
  environment: StoredLayout;
  /** The scenario's robot_count, which the solve's own robot_count overrides. */
  scenarioRobotCount: number | undefined;
  pairs: [string, string][];
  /** The task's release times, one per pair (absent: a shift draws its orders from the pairs). */
  releaseS: number[] | undefined;
}

/** A solve as the queue sees it: its id, status and the job that owns it. */
export type QueuedSolve = Pick<SolveRow, 'id' | 'status' | 'celery_task_id'>;

const UNFINISHED = ['pending', 'running'];

/**
 * The solve lifecycle of spec §4 (pending -> running -> completed | failed): the one place that
 * writes a solve's `status`, and what changes with it (`progress`, `results`, `stats`,
 * `execution` and the owning job, `celery_task_id`). Requests (creating, cancelling) and the
 * queue's workers (claiming, progress, outcome, recovery) all go through it.
 *
 * Every write after the insert is conditional: it names the status it expects and, once a job
 * runs the solve, the job. A solve that was deleted, cancelled or taken over meanwhile is never
 * written back to life: the update simply matches no row, and the method says so (false / null).
 */
export class SolveStatusRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores a new `pending` solve, a point of `experimentId` when given (set in the same INSERT,
   * so before any queue sees it), and returns its id; the caller has checked its references.
   */
  async insertPending(userId: number, solve: NewSolve, experimentId: number | null = null): Promise<number> {
    const now = this.clock();
    const [row] = await this.db
      .insert(solves)
      .values({
        ...solve,
        // A point runs on its experiment's layout; any other solve on the environment's newest.
        environment_version:
          experimentId === null
            ? newestVersionOf(solve.environment_id)
            : sql<number>`(select ${experiments.environment_version} from ${experiments} where ${experiments.id} = ${experimentId})`,
        user_id: userId,
        experiment_id: experimentId,
        status: 'pending',
        results: null,
        stats: null,
        progress: null,
        celery_task_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: solves.id });
    return row.id;
  }

  /** Names the job that will run a pending solve (unless another job already owns it). */
  async assignJob(solveId: number, jobId: string): Promise<void> {
    await this.db
      .update(solves)
      .set({ celery_task_id: jobId })
      .where(
        and(
          eq(solves.id, solveId),
          eq(solves.status, 'pending'),
          or(isNull(solves.celery_task_id), eq(solves.celery_task_id, jobId)),
        ),
      );
  }

  /**
   * pending -> running for `jobId`. With `takeOver`, also a row already `running` under the same
   * job id (a job retried after its worker was lost). Returns null when the solve is not
   * claimable (deleted, cancelled, finished, or owned by another job).
   */
  async claim(solveId: number, jobId: string, options: { takeOver: boolean }): Promise<SolveRow | null> {
    const now = this.clock();
    const claimable = options.takeOver
      ? sql`(${solves.status} = 'pending' or (${solves.status} = 'running' and ${solves.celery_task_id} = ${jobId}))`
      : eq(solves.status, 'pending');
    const [row] = await this.db
      .update(solves)
      .set({
        status: 'running',
        celery_task_id: jobId,
        progress: progressRecord(0, null, now, 'optimising'),
        results: null,
        stats: null,
        execution: null,
        updated_at: now,
      })
      .where(and(eq(solves.id, solveId), claimable))
      .returning();
    return row ?? null;
  }

  /** What a claimed solve runs on; null when its environment or task is gone. */
  async findJobInput(solve: SolveRow): Promise<SolveJobInput | null> {
    // The layout the solve was made on, even when the environment has been edited since.
    const layout = await layoutAtVersion(this.db, solve.environment_id, solve.environment_version);
    const [task] = await this.db.select({ details: tasks.details }).from(tasks).where(eq(tasks.id, solve.task_id));
    const [scenario] = await this.db
      .select({ parameters: scenarios.parameters })
      .from(scenarios)
      .where(eq(scenarios.id, solve.scenario_id));
    if (!layout || !task) return null;
    const { savedAt: _savedAt, ...environment } = layout;
    const pairs = (task.details.tasks ?? []).map(([pickup, dropoff]) => [pickup, dropoff] as [string, string]);
    return {
      solve,
      environment,
      scenarioRobotCount: scenario?.parameters.robot_count,
      pairs,
      releaseS: task.details.release_s,
    };
  }

  /** Writes progress while `jobId` still runs the solve; false when it no longer does. */
  async writeProgress(
    solveId: number,
    jobId: string,
    progress: { phase: SolvePhase; fraction: number; bestMakespanS: number | null },
  ): Promise<boolean> {
    const overall = overallProgress(progress.phase, progress.fraction);
    const updated = await this.db
      .update(solves)
      .set({ progress: progressRecord(overall, progress.bestMakespanS, this.clock(), progress.phase) })
      .where(this.ownedBy(solveId, jobId))
      .returning({ id: solves.id });
    return updated.length > 0;
  }

  /** True while the row is `running` under `jobId` (not deleted, cancelled or taken over). */
  async isOwnedBy(solveId: number, jobId: string): Promise<boolean> {
    const rows = await this.db.select({ id: solves.id }).from(solves).where(this.ownedBy(solveId, jobId));
    return rows.length > 0;
  }

  /**
   * running -> completed. `results` maps robot ids to steps; `stats` holds the figures. The plan
   * and its execution arrive as the JSON text the solve thread wrote and are stored as that text,
   * once: progress ticks have stopped by now and never touch these columns.
   */
  async complete(solveId: number, jobId: string, plan: PlanText, stats: SolveStatsRecord): Promise<boolean> {
    const execution = plan.execution === null ? null : sql`${plan.execution}::json`;
    return this.finish(solveId, jobId, { status: 'completed', results: sql`${plan.results}::json`, stats, execution });
  }

  /** running -> failed with a planner-readable `error`, while `jobId` runs it. */
  async fail(solveId: number, jobId: string, error: string): Promise<boolean> {
    return this.finish(solveId, jobId, { status: 'failed', results: { error }, stats: null, execution: null });
  }

  /** running -> pending, so another worker (or the next start) runs it again. */
  async handBack(solveId: number, jobId: string): Promise<boolean> {
    const updated = await this.db
      .update(solves)
      .set({ status: 'pending', progress: null, updated_at: this.clock() })
      .where(this.ownedBy(solveId, jobId))
      .returning({ id: solves.id });
    return updated.length > 0;
  }

  /**
   * pending or running -> failed with `error`, whoever runs it (a cancel, a lost job). With
   * `userId`, only that user's solve. False when the solve had already ended (or is not theirs).
   */
  async failUnfinished(solveId: number, error: string, userId?: number): Promise<boolean> {
    const owner = userId === undefined ? undefined : eq(solves.user_id, userId);
    const updated = await this.db
      .update(solves)
      .set({ status: 'failed', results: { error }, stats: null, progress: null, updated_at: this.clock() })
      .where(and(eq(solves.id, solveId), inArray(solves.status, UNFINISHED), owner))
      .returning({ id: solves.id });
    return updated.length > 0;
  }

  /** Fails the experiment's pending and running solves with `error`; returns the ids it ended. */
  async failUnfinishedOfExperiment(experimentId: number, error: string): Promise<number[]> {
    const ended = await this.db
      .update(solves)
      .set({ status: 'failed', results: { error }, stats: null, progress: null, updated_at: this.clock() })
      .where(and(eq(solves.experiment_id, experimentId), inArray(solves.status, UNFINISHED)))
      .returning({ id: solves.id });
    return ended.map((solve) => solve.id);
  }

  /** running -> pending under a new job id: a run a stopped process left behind, queued again. */
  async requeueInterrupted(solveId: number, jobId: string): Promise<boolean> {
    const updated = await this.db
      .update(solves)
      .set({ status: 'pending', progress: null, celery_task_id: jobId, updated_at: this.clock() })
      .where(and(eq(solves.id, solveId), eq(solves.status, 'running')))
      .returning({ id: solves.id });
    return updated.length > 0;
  }

  /** Every solve marked running, by any process. */
  async listRunning(): Promise<QueuedSolve[]> {
    return this.db
      .select({ id: solves.id, status: solves.status, celery_task_id: solves.celery_task_id })
      .from(solves)
      .where(eq(solves.status, 'running'))
      .orderBy(asc(solves.id));
  }

  /** The oldest `limit` pending solves, leaving out `busy` ones. */
  async nextPending(busy: readonly number[], limit: number): Promise<QueuedSolve[]> {
    return this.db
      .select({ id: solves.id, status: solves.status, celery_task_id: solves.celery_task_id })
      .from(solves)
      .where(and(eq(solves.status, 'pending'), busy.length > 0 ? notInArray(solves.id, [...busy]) : undefined))
      .orderBy(asc(solves.id))
      .limit(limit);
  }

  /** Solves still pending or running whose row has not changed since `before`. */
  async listUnfinished(before: Date): Promise<QueuedSolve[]> {
    return this.db
      .select({ id: solves.id, status: solves.status, celery_task_id: solves.celery_task_id })
      .from(solves)
      .where(and(inArray(solves.status, UNFINISHED), lt(solves.updated_at, before)))
      .orderBy(solves.id);
  }

  private async finish(
    solveId: number,
    jobId: string,
    outcome: Pick<PgUpdateSetSource<typeof solves>, 'status' | 'results' | 'stats' | 'execution'>,
  ): Promise<boolean> {
    const updated = await this.db
      .update(solves)
      .set({ ...outcome, progress: null, updated_at: this.clock() })
      .where(this.ownedBy(solveId, jobId))
      .returning({ id: solves.id });
    return updated.length > 0;
  }

  private ownedBy(solveId: number, jobId: string) {
    return and(eq(solves.id, solveId), eq(solves.status, 'running'), eq(solves.celery_task_id, jobId));
  }
}

/** Share of the whole solve done, from the share of its phase done. */
function overallProgress(phase: SolvePhase, fraction: number): number {
  switch (phase) {
    case 'optimising':
      return OPTIMISING_SHARE * fraction;
    case 'executing':
      return OPTIMISING_SHARE + (1 - OPTIMISING_SHARE) * fraction;
    case 'shift':
      return fraction;
  }
}

function progressRecord(
  fraction: number,
  bestMakespanS: number | null,
  now: Date,
  phase: SolvePhase,
): SolveProgressRecord {
  return {
    percent: Math.round(Math.max(0, Math.min(1, fraction)) * 1000) / 10,
    phase,
    best_makespan_s: bestMakespanS,
    updated_at: now.toISOString(),
  };
}
