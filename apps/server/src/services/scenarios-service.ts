import { robotCountProblem, type ScenarioRecord } from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import { badRequest, notFound } from '../http/api-error.ts';
import type { EnvironmentLayout } from '../repositories/environments-repository.ts';
import type { Repositories } from '../repositories/index.ts';
import type { NewScenario, ScenarioChanges } from '../repositories/scenarios-repository.ts';
import { versionOf } from './list-answers.ts';

/** A scenario of the caller with its environment's layout, which fleet sizes are checked against. */
export interface ScenarioWithFleet {
  scenario: ScenarioRecord;
  environment: EnvironmentLayout;
}

/** 400 naming `field` when `count` robots are more than the environment's floor can take; no count, no check. */
export function assertRobotCount(field: string, count: number | undefined, environment: EnvironmentLayout): void {
  const problem = count === undefined ? null : robotCountProblem(count, environment);
  if (problem) throw badRequest(`${field}: ${problem}`);
}

export class ScenariosService {
  constructor(
    private readonly repositories: Repositories,
    private readonly clock: Clock,
  ) {}

  /** The version of the rows GET /scenarios shows: scenarios, their environments' names, their tasks' order volumes. */
  listVersion(userId: number): Promise<string> {
    const { scenarios, environments, tasks } = this.repositories;
    return versionOf(scenarios.listVersion(userId), environments.listVersion(userId), tasks.listVersion(userId));
  }

  async list(userId: number, filter: { environmentId?: number }): Promise<ScenarioRecord[]> {
    return this.withOrderVolumes(await this.repositories.scenarios.list(userId, filter));
  }

  async get(userId: number, id: number): Promise<ScenarioRecord | null> {
    const scenario = await this.repositories.scenarios.get(userId, id);
    return scenario && (await this.withOrderVolumes([scenario]))[0];
  }

  /**
   * Stores a scenario on one of the caller's environments (404 otherwise), with `robot_count` at
   * most what the environment's floor can take (400 otherwise), as every later edit, solve and sweep checks.
   */
  async create(userId: number, scenario: NewScenario): Promise<ScenarioRecord> {
    const environment = await this.repositories.environments.findLayout(userId, scenario.environment_id);
    if (!environment) throw notFound('Environment');
    assertRobotCount('body.parameters.robot_count', scenario.parameters.robot_count, environment);
    // The spec's form sends `{}`: the scenario then uses the environment's whole fleet, and says so.
    const parameters = {
      ...scenario.parameters,
      robot_count: scenario.parameters.robot_count ?? environment.elements.robots.length,
    };
    const created = await this.repositories.scenarios.insert(
      userId,
      { ...scenario, parameters },
      environment,
      this.clock(),
    );
    return withOrderVolume(created, 0);
  }

  /**
   * Replaces the given fields; `parameters` as a whole, with `robot_count` at most what the
   * environment's floor can take (400 otherwise). Null when the scenario is not the caller's.
   */
  async update(userId: number, id: number, changes: ScenarioChanges): Promise<ScenarioRecord | null> {
    const found = await this.findWithFleet(userId, id);
    if (!found) return null;
    assertRobotCount('body.parameters.robot_count', changes.parameters?.robot_count, found.environment);
    await this.repositories.scenarios.update(userId, id, changes, this.clock());
    return this.get(userId, id);
  }

  async findWithFleet(userId: number, id: number): Promise<ScenarioWithFleet | null> {
    const found = await this.repositories.scenarios.getWithLayout(userId, id);
    return found && { scenario: found.scenario, environment: found.environment };
  }

  /** Deletes the scenario with its tasks and solves; false when it is not the caller's. */
  delete(userId: number, id: number): Promise<boolean> {
    return this.repositories.scenarios.delete(userId, id);
  }

  private async withOrderVolumes(scenarios: ScenarioRecord[]): Promise<ScenarioRecord[]> {
    const pairs = await this.repositories.tasks.pairCountsByScenario(scenarios.map((scenario) => scenario.id));
    return scenarios.map((scenario) => withOrderVolume(scenario, pairs.get(scenario.id) ?? 0));
  }
}

/**
 * A scenario without a stated order volume shows the pairs its tasks hold (0 before any task),
 * so the scenario cards of spec §2 always have a figure to show.
 */
function withOrderVolume(record: ScenarioRecord, pairs: number): ScenarioRecord {
  if (record.parameters.order_volume !== undefined) return record;
  return { ...record, parameters: { ...record.parameters, order_volume: pairs } };
}
