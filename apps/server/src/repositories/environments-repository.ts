import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { EnvironmentRecord, EnvironmentSummary } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, type EnvironmentRow } from '../db/schema.ts';
import { deleteOwnedRow, ownedRow } from './owned-rows.ts';
import { toEnvironmentRecord, toEnvironmentSummary } from './records.ts';

export type NewEnvironment = Pick<EnvironmentRow, 'name' | 'description' | 'dimensions' | 'elements' | 'graph'>;

/** An environment's layout without its navigation graph (a few MiB on large floors). */
/** What fleet sizes are checked against: the layout and its floor's size. */
export type EnvironmentLayout = Pick<EnvironmentRow, 'id' | 'name' | 'dimensions' | 'elements'>;

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
    const [row] = await this.db
      .select()
      .from(environments)
      .where(ownedRow(environments, userId, id))
      .limit(1);
    return row ? toEnvironmentRecord(row) : null;
  }

  async findLayout(userId: number, id: number): Promise<EnvironmentLayout | null> {
    const [row] = await this.db
      .select({
        id: environments.id,
        name: environments.name,
        dimensions: environments.dimensions,
        elements: environments.elements,
      })
      .from(environments)
      .where(ownedRow(environments, userId, id))
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
   * Deletes the environment with its scenarios, tasks and solves (foreign keys cascade, in one
   * statement); false when the caller has no such environment.
   */
  async delete(userId: number, id: number): Promise<boolean> {
    return deleteOwnedRow(this.db, environments, userId, id);
  }
}
