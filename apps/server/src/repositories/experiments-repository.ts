import { desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type {
  AlgorithmName,
  ExperimentKind,
  ExperimentParametersRecord,
  RobotModelParameter,
} from '@fleetlab/warehouse';
import type { Database } from '../db/client.ts';
import { environments, experiments, type ExperimentRow } from '../db/schema.ts';
import { newestVersionOf } from './environments-repository.ts';
import { deleteOwnedRow, ownedRow, ownedRowsVersion } from './owned-rows.ts';

/** An experiment row with its environment's newest version (its record says when the layout was edited since). */
export type StoredExperiment = ExperimentRow & { environment_latest_version: number };

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
  robot_models: RobotModelParameter[];
  target_makespan_s: number | null;
  target_throughput_per_h: number | null;
}

/** Experiment rows; their points are ordinary solves (`solves.experiment_id`). */
export class ExperimentsRepository {
  constructor(private readonly db: Database) {}

  /** The version of the caller's experiments list: changes with every experiment added, deleted or updated. */
  listVersion(userId: number): Promise<string> {
    return ownedRowsVersion(this.db, experiments, userId);
  }

  /** Stores the experiment on its environment's newest version, which all its points run on. */
  async insert(userId: number, experiment: NewExperiment, now: Date): Promise<ExperimentRow> {
    const [row] = await this.db
      .insert(experiments)
      .values({
        ...experiment,
        environment_version: newestVersionOf(experiment.environment_id),
        user_id: userId,
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning();
    return row;
  }

  async list(userId: number): Promise<StoredExperiment[]> {
    return this.select(eq(experiments.user_id, userId));
  }

  async get(userId: number, id: number): Promise<StoredExperiment | null> {
    const [row] = await this.select(ownedRow(experiments, userId, id));
    return row ?? null;
  }

  private select(where: SQL): Promise<StoredExperiment[]> {
    return this.db
      .select({ ...getTableColumns(experiments), environment_latest_version: environments.version })
      .from(experiments)
      .innerJoin(environments, eq(environments.id, experiments.environment_id))
      .where(where)
      .orderBy(desc(experiments.created_at), desc(experiments.id));
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
