import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { EnvironmentRecord, EnvironmentSummary } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, environmentVersions, type EnvironmentRow } from '../db/schema.ts';
import { deleteOwnedRow, ownedRow, ownedRowsVersion } from './owned-rows.ts';
import { toEnvironmentRecord, toEnvironmentSummary } from './records.ts';

export type NewEnvironment = Pick<EnvironmentRow, 'name' | 'description' | 'dimensions' | 'elements' | 'graph'>;

/** An environment's layout without its navigation graph (a few MiB on large floors), at its newest version, with the
 * floor's size that fleet sizes are checked against. */
export type EnvironmentLayout = Pick<EnvironmentRow, 'id' | 'name' | 'dimensions' | 'elements' | 'version'>;

/**
 * The columns of the `{ id, name }` reference that records made on an environment carry, with the
 * environment's newest version (a record says when a layout newer than its own exists).
 */
export const environmentReferenceColumns = {
  id: environments.id,
  name: environments.name,
  version: environments.version,
};

/**
 * The environment's version now, read in the INSERT of a record made on it, so the record names
 * the layout that was newest when it was stored.
 */
export const newestVersionOf = (environmentId: number) =>
  sql<number>`(select ${environments.version} from ${environments} where ${environments.id} = ${environmentId})`;

/** What a layout is made of: the columns the `environments` row and each earlier version share. */
export type StoredLayout = Pick<EnvironmentRow, 'dimensions' | 'elements' | 'graph'>;

/**
 * Environment `id`'s layout at `version` with the time it was saved: the `environments` row
 * when that is its newest version, else the copy in `environment_versions`; null when there is no
 * such version. Not scoped to an owner: the caller has read `id` from a row the owner holds.
 */
export async function layoutAtVersion(
  db: Database,
  id: number,
  version: number,
): Promise<(StoredLayout & { savedAt: Date }) | null> {
  const layoutColumns = (table: typeof environments | typeof environmentVersions) => ({
    dimensions: table.dimensions,
    elements: table.elements,
    graph: table.graph,
  });
  const [newest] = await db
    .select({ ...layoutColumns(environments), savedAt: environments.updated_at })
    .from(environments)
    .where(and(eq(environments.id, id), eq(environments.version, version)));
  if (newest) return newest;
  const [earlier] = await db
    .select({ ...layoutColumns(environmentVersions), savedAt: environmentVersions.created_at })
    .from(environmentVersions)
    .where(and(eq(environmentVersions.environment_id, id), eq(environmentVersions.version, version)));
  return earlier ?? null;
}

/**
 * Every query is scoped to the owner: another user's environment simply does not exist here.
 * The `environments` row holds the newest layout; each update first copies the layout it
 * replaces into `environment_versions`, so every version stays readable and the newest is stored once.
 */
export class EnvironmentsRepository {
  constructor(private readonly db: Database) {}

  /** The version of the caller's environments list: changes with every environment added, deleted or updated. */
  listVersion(userId: number): Promise<string> {
    return ownedRowsVersion(this.db, environments, userId);
  }

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

  /** The caller's environment at its newest version; null when it is not the caller's. */
  async get(userId: number, id: number): Promise<EnvironmentRecord | null> {
    const [row] = await this.db
      .select()
      .from(environments)
      .where(ownedRow(environments, userId, id))
      .limit(1);
    return row ? toEnvironmentRecord(row) : null;
  }

  /**
   * The caller's environment as it was at `version` (its name and description as they are now,
   * `updated_at` when that layout was saved); null when the environment is not the caller's or
   * has no such version.
   */
  async getVersion(userId: number, id: number, version: number): Promise<EnvironmentRecord | null> {
    const current = await this.get(userId, id);
    if (!current || version >= current.version) return current?.version === version ? current : null;
    const layout = await layoutAtVersion(this.db, id, version);
    if (!layout) return null;
    const { savedAt, ...saved } = layout;
    return { ...current, ...saved, version, updated_at: savedAt.toISOString() };
  }

  async findLayout(userId: number, id: number): Promise<EnvironmentLayout | null> {
    const [row] = await this.db
      .select({
        id: environments.id,
        name: environments.name,
        dimensions: environments.dimensions,
        elements: environments.elements,
        version: environments.version,
      })
      .from(environments)
      .where(ownedRow(environments, userId, id))
      .limit(1);
    return row ?? null;
  }

  async create(userId: number, environment: NewEnvironment, now: Date): Promise<EnvironmentRecord> {
    const [row] = await this.db
      .insert(environments)
      .values({ ...environment, user_id: userId, version: 1, created_at: now, updated_at: now })
      .returning();
    return toEnvironmentRecord(row);
  }

  /**
   * Makes `environment` the caller's environment's next version: the layout it replaces is
   * copied into `environment_versions` first (inside the database, never read out), both in
   * the caller's transaction. Null when the environment is not the caller's.
   */
  async addVersion(
    userId: number,
    id: number,
    environment: NewEnvironment,
    now: Date,
  ): Promise<EnvironmentRecord | null> {
    // Locks the row, so two saves at once make two versions one after the other.
    const [current] = await this.db
      .select({ version: environments.version })
      .from(environments)
      .where(ownedRow(environments, userId, id))
      .for('update');
    if (!current) return null;
    await this.db.insert(environmentVersions).select(
      this.db
        .select({
          environment_id: environments.id,
          version: environments.version,
          dimensions: environments.dimensions,
          elements: environments.elements,
          graph: environments.graph,
          created_at: environments.updated_at,
        })
        .from(environments)
        .where(eq(environments.id, id)),
    );
    const [row] = await this.db
      .update(environments)
      .set({ ...environment, version: current.version + 1, updated_at: now })
      .where(eq(environments.id, id))
      .returning();
    return toEnvironmentRecord(row);
  }

  /**
   * Deletes the environment with its versions, scenarios, tasks and solves (foreign keys cascade,
   * in one statement); false when the caller has no such environment.
   */
  async delete(userId: number, id: number): Promise<boolean> {
    return deleteOwnedRow(this.db, environments, userId, id);
  }
}
