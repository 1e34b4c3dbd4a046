import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  must,
  type ScenarioParametersRecord,
  type ScenarioRecord,
  type ScenarioUpdateParsed,
} from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, scenarios } from '../db/schema.ts';
import { environmentReferenceColumns, newestVersionOf, type EnvironmentLayout } from './environments-repository.ts';
import { deleteOwnedRow, ownedRow, ownedRowsVersion } from './owned-rows.ts';
import { toScenarioRecord, type VersionedEnvironmentReference } from './records.ts';

export interface NewScenario {
  name: string;
  description: string | null;
  environment_id: number;
  parameters: ScenarioParametersRecord;
}

export type ScenarioChanges = ScenarioUpdateParsed;

/** A scenario with the layout of its environment (without the navigation graph). */
export interface ScenarioWithLayout {
  scenario: ScenarioRecord;
  environment: EnvironmentLayout;
}

/** Scenarios as stored: `parameters` exactly as given, with the environment's id and name. */
export class ScenariosRepository {
  constructor(private readonly db: Database) {}

  /** The version of the caller's scenarios list: changes with every scenario added, deleted or updated. */
  listVersion(userId: number): Promise<string> {
    return ownedRowsVersion(this.db, scenarios, userId);
  }

  async list(userId: number, filter: { environmentId?: number } = {}): Promise<ScenarioRecord[]> {
    const conditions: SQL[] = [eq(scenarios.user_id, userId)];
    if (filter.environmentId !== undefined) conditions.push(eq(scenarios.environment_id, filter.environmentId));
    // `and` is undefined only without conditions, and the owner's is always there.
    return this.select(must(and(...conditions), 'The scenarios condition'));
  }

  async get(userId: number, id: number): Promise<ScenarioRecord | null> {
    const [record] = await this.select(ownedRow(scenarios, userId, id));
    return record ?? null;
  }

  /** The caller's scenario and its environment's layout, in one query; null when either is not the caller's. */
  async getWithLayout(userId: number, id: number): Promise<ScenarioWithLayout | null> {
    const [row] = await this.db
      .select({
        scenario: scenarios,
        environment: {
          ...environmentReferenceColumns,
          dimensions: environments.dimensions,
          elements: environments.elements,
        },
      })
      .from(scenarios)
      .innerJoin(environments, and(eq(environments.id, scenarios.environment_id), eq(environments.user_id, userId)))
      .where(ownedRow(scenarios, userId, id));
    if (!row) return null;
    const { environment } = row;
    return { scenario: toScenarioRecord(row.scenario, environment), environment };
  }

  private async select(where: SQL): Promise<ScenarioRecord[]> {
    const rows = await this.db
      .select({ scenario: scenarios, environment: environmentReferenceColumns })
      .from(scenarios)
      .innerJoin(environments, eq(environments.id, scenarios.environment_id))
      .where(where)
      .orderBy(desc(scenarios.created_at), desc(scenarios.id));
    return rows.map((row) => toScenarioRecord(row.scenario, row.environment));
  }

  /** Stores a scenario on the newest version of `environment`, which the caller has checked is the owner's. */
  async insert(
    userId: number,
    scenario: NewScenario,
    environment: VersionedEnvironmentReference,
    now: Date,
  ): Promise<ScenarioRecord> {
    const [row] = await this.db
      .insert(scenarios)
      .values({
        ...scenario,
        environment_version: newestVersionOf(scenario.environment_id),
        user_id: userId,
        created_at: now,
        updated_at: now,
      })
      .returning();
    return toScenarioRecord(row, environment);
  }

  /** Replaces the given fields of the caller's scenario; false when it is not the caller's. */
  async update(userId: number, id: number, changes: ScenarioChanges, now: Date): Promise<boolean> {
    const updated = await this.db
      .update(scenarios)
      .set({ ...changes, updated_at: now })
      .where(ownedRow(scenarios, userId, id))
      .returning({ id: scenarios.id });
    return updated.length > 0;
  }

  /** Deletes the scenario with its tasks and solves (foreign keys cascade); false when not the caller's. */
  async delete(userId: number, id: number): Promise<boolean> {
    return deleteOwnedRow(this.db, scenarios, userId, id);
  }
}
