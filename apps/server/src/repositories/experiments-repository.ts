import { desc, eq } from 'drizzle-orm';
import type { AlgorithmName, ExperimentKind, ExperimentParametersRecord } from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { experiments, type ExperimentRow } from '../db/schema.ts';
import { deleteOwnedRow, ownedRow } from './owned-rows.ts';

export interface NewExperiment {
  name: string;
  description: string | null;
  kind: ExperimentKind;
  environment_id: number;
  scenario_id: number;
  task_id: number;
  algorithms: AlgorithmName[];
  robot_counts: number[];
  charger_counts: number[];
  rates: number[];
  parameters: ExperimentParametersRecord;
  knee_tolerance: number;
  cycle_p95_target_s: number | null;
}

/** Experiment rows; their points are ordinary solves (`solves.experiment_id`). */
export class ExperimentsRepository {
  constructor(private readonly db: Database) {}

  async insert(userId: number, experiment: NewExperiment, now: Date): Promise<ExperimentRow> {
    const [row] = await this.db
      .insert(experiments)
      .values({ ...experiment, user_id: userId, cancelled_at: null, created_at: now, updated_at: now })
      .returning();
    return row;
  }

  async list(userId: number): Promise<ExperimentRow[]> {
    return this.db
      .select()
      .from(experiments)
      .where(eq(experiments.user_id, userId))
      .orderBy(desc(experiments.created_at), desc(experiments.id));
  }

  async get(userId: number, id: number): Promise<ExperimentRow | null> {
    const [row] = await this.db
      .select()
      .from(experiments)
      .where(ownedRow(experiments, userId, id));
    return row ?? null;
  }

  /** Replaces a sweep's values (its points were continued); the caller owns the row. */
  async setSweptValues(
    id: number,
    field: 'robot_counts' | 'charger_counts' | 'rates',
    values: number[],
    now: Date,
  ): Promise<void> {
    await this.db
      .update(experiments)
      .set({ [field]: values, updated_at: now })
      .where(eq(experiments.id, id));
  }

  /** Marks the caller's experiment cancelled; false when it is not the caller's. */
  async markCancelled(userId: number, id: number, now: Date): Promise<boolean> {
    const updated = await this.db
      .update(experiments)
      .set({ cancelled_at: now, updated_at: now })
      .where(ownedRow(experiments, userId, id))
      .returning({ id: experiments.id });
    return updated.length > 0;
  }

  /** Deletes the experiment; solves still attached go with it (ON DELETE CASCADE). */
  async delete(userId: number, id: number): Promise<boolean> {
    return deleteOwnedRow(this.db, experiments, userId, id);
  }
}
