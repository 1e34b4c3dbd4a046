import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TaskDetailsRecord, TaskRecord, TaskTypeValue } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { tasks } from '../db/schema.ts';
import { deleteOwnedRow, ownedRow, ownedRowsVersion } from './owned-rows.ts';
import { toTaskRecord } from './records.ts';

export interface NewTask {
  name: string;
  description: string | null;
  task_type: TaskTypeValue;
  scenario_id: number;
  details: TaskDetailsRecord;
}

/** Pickup-dropoff pairs of a task, counted in the database: a day's task holds thousands. */
const pairsOfTask = sql<number>`(case when jsonb_typeof(${tasks.details} -> 'tasks') = 'array'
  then jsonb_array_length(${tasks.details} -> 'tasks') else 0 end)`;

export class TasksRepository {
  constructor(private readonly db: Database) {}

  /** The version of the caller's tasks list: changes with every task added, deleted or updated. */
  listVersion(userId: number): Promise<string> {
    return ownedRowsVersion(this.db, tasks, userId);
  }

  async list(userId: number, filter: { scenarioId?: number } = {}): Promise<TaskRecord[]> {
    const conditions: SQL[] = [eq(tasks.user_id, userId)];
    if (filter.scenarioId !== undefined) conditions.push(eq(tasks.scenario_id, filter.scenarioId));
    const rows = await this.db
      .select()
      .from(tasks)
      .where(and(...conditions))
      .orderBy(desc(tasks.created_at), desc(tasks.id));
    return rows.map(toTaskRecord);
  }

  async get(userId: number, id: number): Promise<TaskRecord | null> {
    const [row] = await this.db
      .select()
      .from(tasks)
      .where(ownedRow(tasks, userId, id))
      .limit(1);
    return row ? toTaskRecord(row) : null;
  }

  /** The tasks with these ids, whoever owns them: for records that name their task (a solve's). */
  async getMany(ids: readonly number[]): Promise<Map<number, TaskRecord>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(tasks)
      .where(inArray(tasks.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, toTaskRecord(row)]));
  }

  /** The scenario of the caller's task, or null when the task is not the caller's. */
  async scenarioIdOf(userId: number, id: number): Promise<number | null> {
    const [row] = await this.db
      .select({ scenario_id: tasks.scenario_id })
      .from(tasks)
      .where(ownedRow(tasks, userId, id));
    return row?.scenario_id ?? null;
  }

  /** Pickup-dropoff pairs of each of these tasks. */
  async pairCountsByTask(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: tasks.id, pairs: pairsOfTask })
      .from(tasks)
      .where(inArray(tasks.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, Number(row.pairs)]));
  }

  /** Pickup-dropoff pairs of all tasks of each scenario; scenarios without tasks are left out. */
  async pairCountsByScenario(scenarioIds: readonly number[]): Promise<Map<number, number>> {
    if (scenarioIds.length === 0) return new Map();
    const rows = await this.db
      .select({ scenario_id: tasks.scenario_id, pairs: sql<number>`sum(${pairsOfTask})::int` })
      .from(tasks)
      .where(inArray(tasks.scenario_id, [...new Set(scenarioIds)]))
      .groupBy(tasks.scenario_id);
    return new Map(rows.map((row) => [row.scenario_id, Number(row.pairs)]));
  }

  /** Stores new `pending` tasks whose scenarios the caller has checked are the owner's. */
  async insertMany(userId: number, batch: readonly NewTask[], now: Date): Promise<TaskRecord[]> {
    const rows = await this.db
      .insert(tasks)
      .values(batch.map((task) => ({ ...task, user_id: userId, status: 'pending', created_at: now, updated_at: now })))
      .returning();
    return rows.map(toTaskRecord);
  }

  /** Deletes the task and the solves made of it (foreign keys cascade); false when not the caller's. */
  async delete(userId: number, id: number): Promise<boolean> {
    return deleteOwnedRow(this.db, tasks, userId, id);
  }
}
