import { validateNavigationGraph, type EnvironmentRecord, type EnvironmentSummary } from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import { badRequest } from '../http/api-error.ts';
import type { NewEnvironment } from '../repositories/environments-repository.ts';
import type { Repositories } from '../repositories/index.ts';

export class EnvironmentsService {
  constructor(
    private readonly repositories: Repositories,
    private readonly clock: Clock,
  ) {}

  list(userId: number): Promise<EnvironmentSummary[]> {
    return this.repositories.environments.list(userId);
  }

  get(userId: number, id: number): Promise<EnvironmentRecord | null> {
    return this.repositories.environments.get(userId, id);
  }

  /** Stores a layout whose navigation graph fits it; a bad graph answers 400 naming the first bad edge. */
  async create(userId: number, environment: NewEnvironment): Promise<EnvironmentRecord> {
    const problem = validateNavigationGraph(environment);
    if (problem) throw badRequest(`body.graph: ${problem.message}`);
    return this.repositories.environments.create(userId, environment, this.clock());
  }

  /** Deletes the environment with everything built on it; false when it is not the caller's. */
  delete(userId: number, id: number): Promise<boolean> {
    return this.repositories.environments.delete(userId, id);
  }
}
