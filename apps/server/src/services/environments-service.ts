import {
  checkEnvironmentRules,
  describeEnvironmentProblems,
  pruneNavigationGraph,
  validateGraphNodes,
  validateNavigationGraph,
  type EnvironmentRecord,
  type EnvironmentSummary,
} from '@fleetlab/warehouse';
import type { Clock } from '../clock.ts';
import { badRequest } from '../http/api-error.ts';
import type { NewEnvironment } from '../repositories/environments-repository.ts';
import type { Repositories } from '../repositories/index.ts';

/** An environment record with the rules its layout breaks, checked now (rules may be newer than the row). */
function withProblems(record: EnvironmentRecord): EnvironmentRecord {
  return { ...record, problems: checkEnvironmentRules(record) };
}

export class EnvironmentsService {
  constructor(
    private readonly repositories: Repositories,
    private readonly clock: Clock,
  ) {}

  /** The version of the rows GET /environments shows. */
  listVersion(userId: number): Promise<string> {
    return this.repositories.environments.listVersion(userId);
  }

  list(userId: number): Promise<EnvironmentSummary[]> {
    return this.repositories.environments.list(userId);
  }

  async get(userId: number, id: number): Promise<EnvironmentRecord | null> {
    const record = await this.repositories.environments.get(userId, id);
    return record && withProblems(record);
  }

  /**
   * Stores a layout that keeps the editor's rules (`checkEnvironmentRules`: 400 naming each
   * element and the rule it breaks) with a navigation graph that fits it (400 naming the first
   * bad node or edge). The graph is stored pruned: the same shortest distances from a fraction
   * of the edges a client may send (the full graph of spec §5 of a large floor is 15 MB).
   */
  async create(userId: number, environment: NewEnvironment): Promise<EnvironmentRecord> {
    const rules = checkEnvironmentRules(environment);
    if (rules.errors.length > 0) {
      const located = rules.errors.map((problem) => ({
        ...problem,
        message: `body.${problem.path}: ${problem.message}`,
      }));
      throw badRequest(describeEnvironmentProblems(located));
    }
    const problem =
      validateGraphNodes(environment.elements, environment.graph.nodes) ?? validateNavigationGraph(environment);
    if (problem) throw badRequest(`body.graph: ${problem.message}`);
    const graph = pruneNavigationGraph(environment.graph);
    return withProblems(await this.repositories.environments.create(userId, { ...environment, graph }, this.clock()));
  }

  /** Deletes the environment with everything built on it; false when it is not the caller's. */
  delete(userId: number, id: number): Promise<boolean> {
    return this.repositories.environments.delete(userId, id);
  }
}
