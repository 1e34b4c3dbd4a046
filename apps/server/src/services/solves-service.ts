import { robotCountProblem, type SolveCreateParsed, type SolveRecord, type SolveSummaryRecord, type TaskRecord } from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import { SolveQueueUnavailableError, type SolveQueue } from '../jobs/solve-queue.ts';
import type { Repositories } from '../repositories/index.ts';
import { solveRecordJson, toSolveSummary } from '../repositories/records.ts';

/**
 * Creating a solve checks that its environment, scenario and task are the caller's and fit
 * together, then stores it `pending`. Running it belongs to the SolveQueue (src/jobs): when
 * a queue exists, `create` enqueues the stored solve right after storing it.
 */
export class SolvesService {
  constructor(
    private readonly repositories: Repositories,
    private readonly clock: Clock,
    /** Without one (tests that are not about solving), solves stay pending. */
    private readonly queue: SolveQueue | null,
  ) {}

  async list(userId: number, filter: { environmentId?: number; scenarioId?: number }): Promise<SolveSummaryRecord[]> {
    const rows = await this.repositories.solves.list(userId, filter);
    const tasksById = await this.repositories.tasks.getMany(rows.map((row) => row.solve.task_id));
    return rows.map((row) => toSolveSummary(row.solve, row.environment, taskListOf(tasksById, row.solve.task_id)));
  }

  async get(userId: number, id: number): Promise<SolveRecord | null> {
    const json = await this.getJson(userId, id);
    return json === null ? null : (JSON.parse(json) as SolveRecord);
  }

  /** The solve record as JSON text, its plan and execution as stored: what GET /solves/{id} sends. */
  async getJson(userId: number, id: number): Promise<string | null> {
    const row = await this.repositories.solves.getWithPlanText(userId, id);
    if (!row) return null;
    const tasksById = await this.repositories.tasks.getMany([row.solve.task_id]);
    return solveRecordJson(toSolveSummary(row.solve, row.environment, taskListOf(tasksById, row.solve.task_id)), row);
  }

  async create(userId: number, body: SolveCreateParsed): Promise<SolveRecord> {
    await this.assertReferencesFit(userId, body);
    // Redis down: 503 before anything is stored.
    await this.queue?.assertAvailable().catch(rethrowQueueUnavailable);
    const id = await this.repositories.solves.insertPending(userId, body, this.clock());
    const created = await this.get(userId, id);
    if (!created) throw new Error(`Solve ${id} vanished right after it was stored`);
    if (!this.queue) return created;
    try {
      await this.queue.enqueue(id);
    } catch (error) {
      // A solve no queue knows about would stay pending: store nothing instead.
      await this.repositories.solves.delete(userId, id);
      rethrowQueueUnavailable(error);
    }
    return (await this.get(userId, id)) ?? created;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const deleted = await this.repositories.solves.delete(userId, id);
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
    const { environments, scenarios, tasks } = this.repositories;
    const environment = await environments.findLayout(userId, body.environment_id);
    if (!environment) throw notFound('Environment');
    const robotCount = body.parameters.robot_count;
    const problem = robotCount === undefined ? null : robotCountProblem(robotCount, environment.elements.robots);
    if (problem) throw badRequest(`body.parameters.robot_count: ${problem}`);
    const scenario = await scenarios.get(userId, body.scenario_id);
    if (!scenario) throw notFound('Scenario');
    if (scenario.environment_id !== body.environment_id) {
      throw badRequest(`body.scenario_id: scenario ${body.scenario_id} does not belong to environment ${body.environment_id}`);
    }
    const taskScenarioId = await tasks.scenarioIdOf(userId, body.task_id);
    if (taskScenarioId === null) throw notFound('Task');
    if (taskScenarioId !== body.scenario_id) {
      throw badRequest(`body.task_id: task ${body.task_id} does not belong to scenario ${body.scenario_id}`);
    }
  }
}

function taskListOf(tasksById: Map<number, TaskRecord>, taskId: number): TaskRecord[] {
  const task = tasksById.get(taskId);
  return task ? [task] : [];
}

function rethrowQueueUnavailable(error: unknown): never {
  if (error instanceof SolveQueueUnavailableError) throw new ApiError(503, error.message, undefined, { cause: error });
  throw error;
}
