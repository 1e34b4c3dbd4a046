import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { fleetForScenario } from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import type { SolveStatsRecord } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import type { PlanText, SolvePhase } from './solve-thread-protocol.ts';
import { environments, scenarios, solves, tasks, type EnvironmentRow, type SolveRow } from '../db/schema.ts';

/** What GET /solves/{id} shows while a solve runs. */
export type SolveProgressRecord = {
  /** Percent done over both phases, 0 to 100, one decimal: optimising takes the first 90. */
  percent: number;
  /** `optimising` the plan, then `executing` it with every robot on the floor. */
  phase: SolvePhase;
  /** Makespan of the best plan found so far, in seconds; null before the first plan. */
  best_makespan_s: number | null;
  updated_at: string;
};

/** Share of the progress bar the optimiser takes; executing the plan takes the rest. */
const OPTIMISING_SHARE = 0.9;

/** The stored data a solve needs, loaded when a worker claims it. */
export interface SolveJobInput {
  solve: SolveRow;
  environment: Pick<EnvironmentRow, 'elements' | 'graph' | 'dimensions'>;
  pairs: [string, string][];
}

/**
 * The solve lifecycle as conditional updates on the `solves` row. Every write names the state it
 * expects (and the job that owns the run), so a solve that was deleted, cancelled or taken over
 * meanwhile is never written back to life: the update simply matches no row.
 */
export class SolveJobStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

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
      .set({ status: 'running', celery_task_id: jobId, progress: this.progress(0, null, now, 'optimising'), results: null, stats: null, execution: null, updated_at: now })
      .where(and(eq(solves.id, solveId), claimable))
      .returning();
    return row ?? null;
  }

  async loadInput(solve: SolveRow): Promise<SolveJobInput | null> {
    const [environment] = await this.db
      .select({ elements: environments.elements, graph: environments.graph, dimensions: environments.dimensions })
      .from(environments)
      .where(eq(environments.id, solve.environment_id));
    const [task] = await this.db.select({ details: tasks.details }).from(tasks).where(eq(tasks.id, solve.task_id));
    const [scenario] = await this.db
      .select({ parameters: scenarios.parameters })
      .from(scenarios)
      .where(eq(scenarios.id, solve.scenario_id));
    if (!environment || !task) return null;
    // The fleet a solve plans for: its own robot_count (an experiment's point), else the scenario's.
    const robotCount = solve.parameters.robot_count ?? scenario?.parameters.robot_count;
    const { robots, robot_stations: stations } = environment.elements;
    environment.elements = { ...environment.elements, robots: fleetForScenario(robots, stations, robotCount) };
    const pairs = (task.details.tasks ?? []).map(([pickup, dropoff]) => [pickup, dropoff] as [string, string]);
    return { solve, environment, pairs };
  }

  /** Writes progress while `jobId` still runs the solve; false when it no longer does. */
  async writeProgress(
    solveId: number,
    jobId: string,
    progress: { phase: SolvePhase; fraction: number; bestMakespanS: number | null },
  ): Promise<boolean> {
    const overall = progress.phase === 'optimising' ? OPTIMISING_SHARE * progress.fraction : OPTIMISING_SHARE + (1 - OPTIMISING_SHARE) * progress.fraction;
    const updated = await this.db
      .update(solves)
      .set({ progress: this.progress(overall, progress.bestMakespanS, this.clock(), progress.phase) })
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
   * `results` maps robot ids to steps; `stats` holds the figures, in their own column. The plan and
   * its execution arrive as the JSON text the solve thread wrote and are stored as that text, once:
   * progress ticks have stopped by now and never touch these columns.
   */
  async complete(solveId: number, jobId: string, plan: PlanText, stats: SolveStatsRecord): Promise<boolean> {
    const execution = plan.execution === null ? null : sql`${plan.execution}::json`;
    return this.finish(solveId, jobId, { status: 'completed', results: sql`${plan.results}::json`, stats, execution });
  }

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

  /** pending or running -> failed, whoever runs it (cancellation, lost jobs). */
  async failUnfinished(solveId: number, error: string): Promise<boolean> {
    const updated = await this.db
      .update(solves)
      .set({ status: 'failed', results: { error }, stats: null, progress: null, updated_at: this.clock() })
      .where(and(eq(solves.id, solveId), inArray(solves.status, ['pending', 'running'])))
      .returning({ id: solves.id });
    return updated.length > 0;
  }

  /** Solves still pending or running whose row has not changed since `before`. */
  async listUnfinished(before: Date): Promise<Pick<SolveRow, 'id' | 'status' | 'celery_task_id'>[]> {
    return this.db
      .select({ id: solves.id, status: solves.status, celery_task_id: solves.celery_task_id })
      .from(solves)
      .where(and(inArray(solves.status, ['pending', 'running']), lt(solves.updated_at, before)))
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

  private progress(fraction: number, bestMakespanS: number | null, now: Date, phase: SolvePhase): SolveProgressRecord {
    return {
      percent: Math.round(Math.max(0, Math.min(1, fraction)) * 1000) / 10,
      phase,
      best_makespan_s: bestMakespanS,
      updated_at: now.toISOString(),
    };
  }
}
