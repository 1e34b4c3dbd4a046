import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { SolveCreateParsed, SolveRecord } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, solves, tasks } from '../db/schema.ts';
import { toSolveRecord, toTaskRecord } from './records.ts';

export type NewSolve = SolveCreateParsed;

export class SolvesRepository {
  constructor(private readonly db: Database) {}

  async list(userId: number, filter: { environmentId?: number; scenarioId?: number } = {}): Promise<SolveRecord[]> {
    const conditions: SQL[] = [eq(solves.user_id, userId)];
    if (filter.environmentId !== undefined) conditions.push(eq(solves.environment_id, filter.environmentId));
    if (filter.scenarioId !== undefined) conditions.push(eq(solves.scenario_id, filter.scenarioId));
    return this.select(and(...conditions)!);
  }

  async get(userId: number, id: number): Promise<SolveRecord | null> {
    const [record] = await this.select(and(eq(solves.id, id), eq(solves.user_id, userId))!);
    return record ?? null;
  }

  private async select(where: SQL): Promise<SolveRecord[]> {
    const rows = await this.db
      .select({ solve: solves, environment: { id: environments.id, name: environments.name } })
      .from(solves)
      .innerJoin(environments, eq(environments.id, solves.environment_id))
      .where(where)
      .orderBy(desc(solves.created_at), desc(solves.id));
    if (rows.length === 0) return [];
    const taskIds = [...new Set(rows.map((row) => row.solve.task_id))];
    const taskRows = await this.db.select().from(tasks).where(inArray(tasks.id, taskIds));
    const tasksById = new Map(taskRows.map((task) => [task.id, toTaskRecord(task)]));
    return rows.map((row) => {
      const task = tasksById.get(row.solve.task_id);
      return toSolveRecord(row.solve, row.environment, task ? [task] : []);
    });
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
