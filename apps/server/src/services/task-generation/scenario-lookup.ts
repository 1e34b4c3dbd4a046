import type { GenerationEnvironment, GenerationScenario } from './task-generator.ts';

/** What the lookup needs from the stores: the caller's own records or null (the server's repositories fit). */
export interface ScenarioStore {
  get(userId: number, id: number): Promise<(GenerationScenario & { environment_id: number }) | null>;
}
export interface EnvironmentStore {
  get(userId: number, id: number): Promise<GenerationEnvironment | null>;
}

/**
 * The `findScenarioWithEnvironment` dependency of the task-generation routes: the caller's
 * scenario and its environment, or null when either is missing or someone else's.
 */
export function scenarioWithEnvironmentFinder(stores: { scenarios: ScenarioStore; environments: EnvironmentStore }) {
  return async (
    userId: number,
    scenarioId: number,
  ): Promise<{ scenario: GenerationScenario; environment: GenerationEnvironment } | null> => {
    const scenario = await stores.scenarios.get(userId, scenarioId);
    if (!scenario) return null;
    const environment = await stores.environments.get(userId, scenario.environment_id);
    return environment ? { scenario, environment } : null;
  };
}
