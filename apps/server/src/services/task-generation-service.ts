import { ApiError, badRequest } from '../http/api-error.ts';
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
    const request = {
      scenario,
      environment,
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
