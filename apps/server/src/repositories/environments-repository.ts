import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { EnvironmentRecord, EnvironmentSummary } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, solves, type EnvironmentRow } from '../db/schema.ts';
import { toEnvironmentRecord, toEnvironmentSummary } from './records.ts';

export type NewEnvironment = Pick<EnvironmentRow, 'name' | 'description' | 'dimensions' | 'elements' | 'graph'>;

/** Every query is scoped to the owner: another user's environment simply does not exist here. */
export class EnvironmentsRepository {
  constructor(private readonly db: Database) {}

  async list(userId: number): Promise<EnvironmentSummary[]> {
    // The graph column is left in the database: lists never carry it.
    const { graph: _graph, ...summaryColumns } = getTableColumns(environments);
    const rows = await this.db
      .select(summaryColumns)
      .from(environments)
      .where(eq(environments.user_id, userId))
      .orderBy(desc(environments.created_at), desc(environments.id));
    return rows.map(toEnvironmentSummary);
  }

  async get(userId: number, id: number): Promise<EnvironmentRecord | null> {
    const row = await this.findRow(userId, id);
    return row ? toEnvironmentRecord(row) : null;
  }

  async findRow(userId: number, id: number): Promise<EnvironmentRow | null> {
    const [row] = await this.db
      .select()
      .from(environments)
      .where(and(eq(environments.id, id), eq(environments.user_id, userId)))
      .limit(1);
    return row ?? null;
  }

  async create(userId: number, environment: NewEnvironment, now: Date): Promise<EnvironmentRecord> {
    const [row] = await this.db
      .insert(environments)
      .values({ ...environment, user_id: userId, created_at: now, updated_at: now })
      .returning();
    return toEnvironmentRecord(row);
  }

  /**
   * Deletes the environment with its scenarios, tasks and solves (foreign keys cascade, in
   * one statement of one transaction). Returns the ids of the solves that went with it, so
   * their queued jobs can be cancelled, or null when the caller has no such environment.
   */
  async delete(userId: number, id: number): Promise<{ deletedSolveIds: number[] } | null> {
    return this.db.transaction(async (tx) => {
      const doomedSolves = await tx
        .select({ id: solves.id })
        .from(solves)
        .where(and(eq(solves.environment_id, id), eq(solves.user_id, userId)));
      const deleted = await tx
        .delete(environments)
        .where(and(eq(environments.id, id), eq(environments.user_id, userId)))
        .returning({ id: environments.id });
      if (deleted.length === 0) return null;
      return { deletedSolveIds: doomedSolves.map((solve) => solve.id) };
    });
  }
}
