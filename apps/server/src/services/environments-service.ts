import { validateNavigationGraph, type EnvironmentRecord, type EnvironmentSummary } from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import { badRequest } from '../http/api-error.ts';
import type { EnvironmentsRepository, NewEnvironment } from '../repositories/environments-repository.ts';

export class EnvironmentsService {
  constructor(
    private readonly repository: EnvironmentsRepository,
    private readonly clock: Clock,
  ) {}

  list(userId: number): Promise<EnvironmentSummary[]> {
    return this.repository.list(userId);
  }

  get(userId: number, id: number): Promise<EnvironmentRecord | null> {
    return this.repository.get(userId, id);
  }

  /** Stores a layout whose navigation graph fits it; a bad graph answers 400 naming the first bad edge. */
  async create(userId: number, environment: NewEnvironment): Promise<EnvironmentRecord> {
    const problem = validateNavigationGraph(environment);
    if (problem) throw badRequest(`body.graph: ${problem.message}`);
    return this.repository.create(userId, environment, this.clock());
  }

  delete(userId: number, id: number): Promise<{ deletedSolveIds: number[] } | null> {
    return this.repository.delete(userId, id);
  }
}
