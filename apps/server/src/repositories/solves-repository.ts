import { and, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { SolveCreateParsed, SolveRecord, SolveSummaryRecord, TaskRecord } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, solves, tasks } from '../db/schema.ts';
import { toSolveRecord, toSolveSummary, toTaskRecord } from './records.ts';

/** Every column but the plan and its execution: lists never load them. */
const { results: _results, execution: _execution, ...summaryColumns } = getTableColumns(solves);

export type NewSolve = SolveCreateParsed;

export class SolvesRepository {
  constructor(private readonly db: Database) {}

  async list(userId: number, filter: { environmentId?: number; scenarioId?: number } = {}): Promise<SolveSummaryRecord[]> {
    const conditions: SQL[] = [eq(solves.user_id, userId)];
    if (filter.environmentId !== undefined) conditions.push(eq(solves.environment_id, filter.environmentId));
    if (filter.scenarioId !== undefined) conditions.push(eq(solves.scenario_id, filter.scenarioId));
    const rows = await this.db
      .select({ solve: summaryColumns, environment: { id: environments.id, name: environments.name } })
      .from(solves)
      .innerJoin(environments, eq(environments.id, solves.environment_id))
      .where(and(...conditions))
      .orderBy(desc(solves.created_at), desc(solves.id));
    const tasksById = await this.tasksOf(rows.map((row) => row.solve.task_id));
    return rows.map((row) => toSolveSummary(row.solve, row.environment, taskListOf(tasksById, row.solve.task_id)));
  }

  async get(userId: number, id: number): Promise<SolveRecord | null> {
    const [row] = await this.db
      .select({ solve: solves, environment: { id: environments.id, name: environments.name } })
      .from(solves)
      .innerJoin(environments, eq(environments.id, solves.environment_id))
      .where(and(eq(solves.id, id), eq(solves.user_id, userId)));
    if (!row) return null;
    const tasksById = await this.tasksOf([row.solve.task_id]);
    return toSolveRecord(row.solve, row.environment, taskListOf(tasksById, row.solve.task_id));
  }

  private async tasksOf(taskIds: number[]): Promise<Map<number, TaskRecord>> {
    if (taskIds.length === 0) return new Map();
    const taskRows = await this.db.select().from(tasks).where(inArray(tasks.id, [...new Set(taskIds)]));
    return new Map(taskRows.map((task) => [task.id, toTaskRecord(task)]));
  }

  /** Stores a new `pending` solve; the caller has checked that the references are the owner's. */
  async createPending(userId: number, solve: NewSolve, now: Date): Promise<SolveRecord> {
    const [row] = await this.db
      .insert(solves)
      .values({
        ...solve,
        user_id: userId,
        status: 'pending',
        results: null,
        stats: null,
        progress: null,
        celery_task_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning();
    const created = await this.get(userId, row.id);
    if (!created) throw new Error(`Solve ${row.id} vanished right after it was stored`);
    return created;
  }

  async delete(userId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(solves)
      .where(and(eq(solves.id, id), eq(solves.user_id, userId)))
      .returning({ id: solves.id });
    return deleted.length > 0;
  }
}

function taskListOf(tasksById: Map<number, TaskRecord>, taskId: number): TaskRecord[] {
  const task = tasksById.get(taskId);
  return task ? [task] : [];
}
