import { and, eq, sql } from 'drizzle-orm';
import type { SolveCreateParsed, SolveRecord, SolveSummaryRecord } from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { environments, scenarios, tasks } from '../db/schema.ts';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import { SolveQueueUnavailableError, type SolveQueue } from '../jobs/solve-queue.ts';
import { SolvesRepository } from '../repositories/solves-repository.ts';

/**
 * Creating a solve checks that its environment, scenario and task are the caller's and fit
 * together, then stores it `pending`. Running it belongs to the SolveQueue (src/jobs): when
 * a queue exists, `create` enqueues the stored solve right after `createPending`.
 */
export class SolvesService {
  private readonly repository: SolvesRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly queue: SolveQueue | null = null,
  ) {
    this.repository = new SolvesRepository(db);
  }

  list(userId: number, filter: { environmentId?: number; scenarioId?: number }): Promise<SolveSummaryRecord[]> {
    return this.repository.list(userId, filter);
  }

  get(userId: number, id: number): Promise<SolveRecord | null> {
    return this.repository.get(userId, id);
  }

  async create(userId: number, body: SolveCreateParsed): Promise<SolveRecord> {
    await this.assertReferencesFit(userId, body);
    if (!this.queue) return this.repository.createPending(userId, body, this.clock());
    // Redis down: 503 before anything is stored.
    await this.queue.assertAvailable().catch(rethrowQueueUnavailable);
    const created = await this.repository.createPending(userId, body, this.clock());
    try {
      await this.queue.enqueue(created.id);
    } catch (error) {
      // A solve no queue knows about would stay pending: store nothing instead.
      await this.repository.delete(userId, created.id);
      rethrowQueueUnavailable(error);
    }
    return (await this.repository.get(userId, created.id)) ?? created;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const deleted = await this.repository.delete(userId, id);
    if (deleted) await this.withdrawJobs([id]);
    return deleted;
  }

  /**
   * Withdraws the waiting jobs of solves that have ended in the database (deleted, or failed by
   * an experiment's cancel) and stops their running solvers at once.
   */
  async withdrawJobs(solveIds: readonly number[]): Promise<void> {
    if (!this.queue) return;
    for (const solveId of solveIds) await this.queue.cancel(solveId);
  }

  private async assertReferencesFit(userId: number, body: SolveCreateParsed): Promise<void> {
    const [environment] = await this.db
      .select({ id: environments.id, robots: sql<number>`jsonb_array_length(${environments.elements}->'robots')` })
      .from(environments)
      .where(and(eq(environments.id, body.environment_id), eq(environments.user_id, userId)));
    if (!environment) throw notFound('Environment');
    const robotCount = body.parameters.robot_count;
    if (robotCount !== undefined && robotCount > Number(environment.robots)) {
      throw badRequest(`body.parameters.robot_count: ${robotCount} robots asked, but the environment has ${environment.robots}`);
    }
    const [scenario] = await this.db
      .select({ environment_id: scenarios.environment_id })
      .from(scenarios)
      .where(and(eq(scenarios.id, body.scenario_id), eq(scenarios.user_id, userId)));
    if (!scenario) throw notFound('Scenario');
    if (scenario.environment_id !== body.environment_id) {
      throw badRequest(`body.scenario_id: scenario ${body.scenario_id} does not belong to environment ${body.environment_id}`);
    }
    const [task] = await this.db
      .select({ scenario_id: tasks.scenario_id })
      .from(tasks)
      .where(and(eq(tasks.id, body.task_id), eq(tasks.user_id, userId)));
    if (!task) throw notFound('Task');
    if (task.scenario_id !== body.scenario_id) {
      throw badRequest(`body.task_id: task ${body.task_id} does not belong to scenario ${body.scenario_id}`);
    }
  }
}

function rethrowQueueUnavailable(error: unknown): never {
  if (error instanceof SolveQueueUnavailableError) throw new ApiError(503, error.message, undefined, { cause: error });
  throw error;
}
