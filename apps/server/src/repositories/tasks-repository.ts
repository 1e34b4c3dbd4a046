import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ElementsRecord, TaskDetailsRecord, TaskRecord, TaskTypeValue } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, scenarios, solves, tasks } from '../db/schema.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import { toTaskRecord } from './records.ts';

export interface NewTask {
  name: string;
  description: string | null;
  task_type: TaskTypeValue;
  scenario_id: number;
  details: TaskDetailsRecord;
}

export class TasksRepository {
  constructor(private readonly db: Database) {}

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
      .where(and(eq(tasks.id, id), eq(tasks.user_id, userId)))
      .limit(1);
    return row ? toTaskRecord(row) : null;
  }

  /**
   * Stores the whole list in one transaction or nothing. Every task's scenario must be the
   * caller's (404 otherwise), and every pickup-dropoff pair must name a pickup and a dropoff
   * of that scenario's environment (400 naming the task and the id otherwise).
   */
  async createBatch(userId: number, batch: NewTask[], now: Date): Promise<TaskRecord[]> {
    return this.db.transaction(async (tx) => {
      const scenarioIds = [...new Set(batch.map((task) => task.scenario_id))];
      const owned = await tx
        .select({ id: scenarios.id, elements: environments.elements })
        .from(scenarios)
        .innerJoin(environments, eq(environments.id, scenarios.environment_id))
        .where(and(inArray(scenarios.id, scenarioIds), eq(scenarios.user_id, userId)));
      const elementsByScenario = new Map(owned.map((row) => [row.id, row.elements]));
      batch.forEach((task, index) => {
        const elements = elementsByScenario.get(task.scenario_id);
        if (!elements) throw notFound('Scenario');
        assertPairsExist(task.details, elements, `body.${index}.details.tasks`);
      });
      const rows = await tx
        .insert(tasks)
        .values(batch.map((task) => ({ ...task, user_id: userId, status: 'pending', created_at: now, updated_at: now })))
        .returning();
      return rows.map(toTaskRecord);
    });
  }

  /** Deletes the task and the solves made of it (cascade); null when not the caller's. */
  async delete(userId: number, id: number): Promise<{ deletedSolveIds: number[] } | null> {
    return this.db.transaction(async (tx) => {
      const doomedSolves = await tx
        .select({ id: solves.id })
        .from(solves)
        .where(and(eq(solves.task_id, id), eq(solves.user_id, userId)));
      const deleted = await tx
        .delete(tasks)
        .where(and(eq(tasks.id, id), eq(tasks.user_id, userId)))
        .returning({ id: tasks.id });
      if (deleted.length === 0) return null;
      return { deletedSolveIds: doomedSolves.map((solve) => solve.id) };
    });
  }
}

function assertPairsExist(details: TaskDetailsRecord, elements: ElementsRecord, field: string): void {
  if (!details.tasks) return;
  const pickupIds = new Set(elements.pickups.map((pickup) => pickup.id));
  const dropoffIds = new Set(elements.dropoffs.map((dropoff) => dropoff.id));
  details.tasks.forEach(([pickupId, dropoffId], pairIndex) => {
    if (!pickupIds.has(pickupId)) {
      throw badRequest(`${field}.${pairIndex}: pickup ${pickupId} is not a pickup point of the scenario's environment`);
    }
    if (!dropoffIds.has(dropoffId)) {
      throw badRequest(`${field}.${pairIndex}: dropoff ${dropoffId} is not a dropoff of the scenario's environment`);
    }
  });
}
