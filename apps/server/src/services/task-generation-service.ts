import { FloorError, servableDropoffsByPickup } from '@fleetlab/warehouse';
import { ApiError, badRequest } from '../http/api-error.ts';
import type { EnvironmentLayout } from '../repositories/environments-repository.ts';
import type { Repositories } from '../repositories/index.ts';
import {
  buildTaskPreview,
  describeMissingTaskPoints,
  isTaskGenerationError,
  type DemandProfile,
  type GeneratorInfo,
  type TaskGenerator,
  type TaskPreview,
} from './task-generation/index.ts';

export interface TaskGenerationQuery {
  scenarioId: number;
  numTasks: number;
  name?: string;
  description?: string;
  profile?: DemandProfile;
  seed?: number;
}

/** One unsaved task holding every generated pair, and the generator that made them. */
export interface TaskGenerationResult {
  preview: TaskPreview;
  generator: GeneratorInfo;
}

/**
 * Previews generated pickup-dropoff pairs for one of the caller's scenarios, from the pickups
 * and dropoffs of its environment. Nothing is stored: POST /tasks/batch saves a preview.
 */
/**
 * Each pickup's dropoffs some robot can deliver to; a 400 naming the environment when there is
 * no such pair. Undefined (every pair) for a stored layout whose floor cannot be built: the API
 * refuses such layouts, and a solve of one fails naming why, so the generator need not.
 */
function servablePairsOf(environment: EnvironmentLayout): Map<string, string[]> | undefined {
  let servable: Map<string, string[]>;
  try {
    servable = servableDropoffsByPickup(environment);
  } catch (error) {
    if (error instanceof FloorError) return undefined;
    throw error;
  }
  if (servable.size === 0)
    throw badRequest(
      `No robot of the environment '${environment.name}' can reach a pickup and carry it to a dropoff; fix the layout in the grid editor before generating tasks`,
    );
  return servable;
}

export class TaskGenerationService {
  constructor(
    private readonly repositories: Repositories,
    private readonly generator: TaskGenerator,
  ) {}

  /** The generator POST /tasks/generate runs: the built-in one, or the configured language model. */
  generatorInUse(): { kind: GeneratorInfo['kind']; model: string | null } {
    return { kind: this.generator.kind, model: this.generator.model ?? null };
  }

  /**
   * Null when the scenario is not the caller's. An environment without pickups or dropoffs
   * answers 400; a generator that fails answers 502 with its planner-readable message (there is
   * no fallback to another generator).
   */
  async preview(userId: number, query: TaskGenerationQuery): Promise<TaskGenerationResult | null> {
    const found = await this.repositories.scenarios.getWithLayout(userId, query.scenarioId);
    if (!found) return null;
    const { scenario, environment } = found;
    const missing = describeMissingTaskPoints(environment);
    if (missing) throw badRequest(missing);
    const servableDropoffs = servablePairsOf(environment);
    const request = {
      scenario,
      environment,
      servableDropoffs,
      numTasks: query.numTasks,
      name: query.name || undefined,
      description: query.description || undefined,
      profile: query.profile,
      seed: query.seed,
    };
    try {
      const generated = await this.generator.generate(request);
      return { preview: buildTaskPreview(request, generated), generator: generated.generator };
    } catch (error) {
      if (isTaskGenerationError(error))
        throw new ApiError(502, error.message, undefined, { cause: error.cause ?? error });
      throw error;
    }
  }
}
