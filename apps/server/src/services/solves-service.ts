import {
  CANCELLED_BY_USER_ERROR,
  type SolveCreateParsed,
  type SolveRecord,
  type SolveSummaryRecord,
  type TaskRecord,
} from '@fleetlab/warehouse';
import { ApiError, badRequest, notFound } from '../http/api-error.ts';
import { SolveQueueUnavailableError, type SolveQueue } from '../jobs/solve-queue.ts';
import type { Repositories } from '../repositories/index.ts';
import { solveRecordJson, toSolveSummary } from '../repositories/records.ts';
import type { NewSolve, SolveSummaryRow, SolveVersion, StoredSolve } from '../repositories/solves-repository.ts';
import { KeptBodies, type BodyEncoding, type FinishedBody } from './kept-bodies.ts';
import { RememberedReads } from './remembered-reads.ts';
import { assertRobotCount } from './scenarios-service.ts';
import { versionOf } from './list-answers.ts';

/** What GET /solves/{id} answers: a finished solve's kept body, or an unfinished one's JSON. */
export type SolveAnswer = { finished: FinishedBody; json?: never } | { json: string; finished?: never };

/** Statuses after which nothing in a solve's record changes again. */
const FINISHED_STATUSES = new Set(['completed', 'failed']);

/**
 * Creating a solve checks that its environment, scenario and task are the caller's and fit
 * together, then stores it `pending`. Running it belongs to the SolveQueue (src/jobs): when
 * a queue exists, `storeAndEnqueue` (behind `create`, and what experiments store their points
 * with) enqueues the stored solve right after storing it.
 */
export class SolvesService {
  constructor(
    private readonly repositories: Repositories,
    /** Without one (tests that are not about solving), solves stay pending. */
    private readonly queue: SolveQueue | null,
    /** The database's count of finished writes, when this process is its only writer (`RememberedReads`). */
    writeGeneration?: () => number,
    private readonly finishedBodies = new KeptBodies<number>(),
  ) {
    this.versions = new RememberedReads(writeGeneration);
  }

  /** Per user and solve, its version, read again only after a write. */
  private readonly versions: RememberedReads<SolveVersion | null>;

  /** The version of the rows GET /solves shows: solves (progress included), their environments' names and tasks. */
  listVersion(userId: number): Promise<string> {
    const { solves, environments, tasks } = this.repositories;
    return versionOf(solves.listVersion(userId), environments.listVersion(userId), tasks.listVersion(userId));
  }

  async list(userId: number, filter: { environmentId?: number; scenarioId?: number }): Promise<SolveSummaryRecord[]> {
    const rows = await this.repositories.solves.list(userId, filter);
    const tasksById = await this.repositories.tasks.getMany(rows.map((row) => row.solve.task_id));
    return rows.map((row) => toSolveSummary(row.solve, row.environment, taskListOf(tasksById, row.solve.task_id)));
  }

  async get(userId: number, id: number): Promise<SolveRecord | null> {
    const row = await this.repositories.solves.getWithPlanText(userId, id);
    if (!row) return null;
    return {
      ...(await this.summaryOf(row)),
      results: row.results === null ? null : JSON.parse(row.results),
      execution: row.execution === null ? null : JSON.parse(row.execution),
    };
  }

  /**
   * What GET /solves/{id} sends. A finished solve's body is built once (from a cheap version read
   * on later calls) and kept compressed; a pending or running one is read each time, as JSON text
   * with its plan and execution as stored.
   */
  async getAnswer(userId: number, id: number): Promise<SolveAnswer | null> {
    const version = await this.versions.read(`${userId} ${id}`, () => this.repositories.solves.findVersion(userId, id));
    if (!version) return null;
    if (FINISHED_STATUSES.has(version.status)) {
      const finished = await this.finishedBodies.obtain(id, userId, version.key, async () => {
        const row = await this.repositories.solves.getWithPlanText(userId, id);
        // Changed since the version was read: answer it, but keep nothing under that version.
        if (!row || row.solve.updated_at.getTime() !== version.solveUpdatedAt.getTime()) return null;
        return solveRecordJson(await this.summaryOf(row), row);
      });
      if (finished) return { finished };
    }
    const json = await this.getJson(userId, id);
    return json === null ? null : { json };
  }

  /** A kept body in the coding the client asked for. */
  encodeFinished(id: number, body: FinishedBody, encoding: BodyEncoding): Promise<Buffer> {
    return this.finishedBodies.encode(id, body, encoding);
  }

  /** The solve record as JSON text, its plan and execution as stored. */
  async getJson(userId: number, id: number): Promise<string | null> {
    const row = await this.repositories.solves.getWithPlanText(userId, id);
    if (!row) return null;
    return solveRecordJson(await this.summaryOf(row), row);
  }

  async create(userId: number, body: SolveCreateParsed): Promise<SolveRecord> {
    await this.assertReferencesFit(userId, body);
    const id = await this.storeAndEnqueue(userId, body);
    const created = await this.get(userId, id);
    if (!created) throw new Error(`Solve ${id} vanished right after it was stored`);
    return created;
  }

  /**
   * Stores the solve `pending` (a point of `experimentId` when given, set in the same INSERT, so
   * before any queue sees it) and enqueues it; returns its id. The caller has checked that its
   * environment, scenario and task are the owner's and fit together.
   */
  async storeAndEnqueue(userId: number, solve: NewSolve, experimentId: number | null = null): Promise<number> {
    // Redis down: 503 before anything is stored.
    await this.queue?.assertAvailable().catch(rethrowQueueUnavailable);
    const id = await this.repositories.solveStatus.insertPending(userId, solve, experimentId);
    if (!this.queue) return id;
    try {
      await this.queue.enqueue(id);
    } catch (error) {
      // A solve no queue knows about would stay pending: store nothing instead.
      await this.repositories.solves.delete(userId, id);
      rethrowQueueUnavailable(error);
    }
    return id;
  }

  /**
   * Stops a pending or running solve of the caller: it becomes `failed` with the error 'Cancelled
   * by the user', its queued job is withdrawn and a running solver stops before the answer. Null
   * when the solve is not the caller's; 409 when it had already ended.
   */
  async cancel(userId: number, id: number): Promise<SolveRecord | null> {
    const ended = await this.repositories.solveStatus.failUnfinished(id, CANCELLED_BY_USER_ERROR, userId);
    if (ended) await this.withdrawJobs([id]);
    this.finishedBodies.forget(id);
    const solve = await this.get(userId, id);
    if (solve && !ended) {
      throw new ApiError(
        409,
        `Solve ${id} has already ended (${solve.status}); only a pending or running solve can be cancelled`,
      );
    }
    return solve;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const deleted = await this.repositories.solves.delete(userId, id);
    if (deleted) await this.withdrawJobs([id]);
    this.finishedBodies.forget(id);
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
    assertRobotCount('body.parameters.robot_count', body.parameters.robot_count, environment);
    const scenario = await scenarios.get(userId, body.scenario_id);
    if (!scenario) throw notFound('Scenario');
    if (scenario.environment_id !== body.environment_id) {
      throw badRequest(
        `body.scenario_id: scenario ${body.scenario_id} does not belong to environment ${body.environment_id}`,
      );
    }
    const taskScenarioId = await tasks.scenarioIdOf(userId, body.task_id);
    if (taskScenarioId === null) throw notFound('Task');
    if (taskScenarioId !== body.scenario_id) {
      throw badRequest(`body.task_id: task ${body.task_id} does not belong to scenario ${body.scenario_id}`);
    }
  }

  private async summaryOf({ solve, environment }: StoredSolve<SolveSummaryRow>): Promise<SolveSummaryRecord> {
    const tasksById = await this.repositories.tasks.getMany([solve.task_id]);
    return toSolveSummary(solve, environment, taskListOf(tasksById, solve.task_id));
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
