import type { ElementsRecord, TaskDetailsRecord, TaskRecord } from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import type { Repositories } from '../repositories/index.ts';
import type { NewTask } from '../repositories/tasks-repository.ts';

export class TasksService {
  constructor(
    private readonly repositories: Repositories,
    private readonly clock: Clock,
  ) {}

  /** The version of the rows GET /tasks shows. */
  listVersion(userId: number): Promise<string> {
    return this.repositories.tasks.listVersion(userId);
  }

  list(userId: number, filter: { scenarioId?: number }): Promise<TaskRecord[]> {
    return this.repositories.tasks.list(userId, filter);
  }

  get(userId: number, id: number): Promise<TaskRecord | null> {
    return this.repositories.tasks.get(userId, id);
  }

  /**
   * Stores the whole list in one transaction or nothing. Every task's scenario must be the
   * caller's (404 otherwise), and every pickup-dropoff pair must name a pickup and a dropoff
   * of that scenario's environment (400 naming the task and the id otherwise).
   */
  async createBatch(userId: number, batch: NewTask[]): Promise<TaskRecord[]> {
    const now = this.clock();
    return this.repositories.transaction(async ({ scenarios, tasks }) => {
      const elementsByScenario = new Map<number, ElementsRecord>();
      for (const scenarioId of new Set(batch.map((task) => task.scenario_id))) {
        const found = await scenarios.getWithLayout(userId, scenarioId);
        if (found) elementsByScenario.set(scenarioId, found.environment.elements);
      }
      batch.forEach((task, index) => {
        const elements = elementsByScenario.get(task.scenario_id);
        if (!elements) throw notFound('Scenario');
        assertPairsExist(task.details, elements, `body.${index}.details.tasks`);
      });
      return tasks.insertMany(userId, batch, now);
    });
  }

  /** Deletes the task and the solves made of it; false when it is not the caller's. */
  delete(userId: number, id: number): Promise<boolean> {
    return this.repositories.tasks.delete(userId, id);
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
