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

  /** The caller's environment as it was at `version`; null when it is not the caller's or has no such version. */
  async getVersion(userId: number, id: number, version: number): Promise<EnvironmentRecord | null> {
    const record = await this.repositories.environments.getVersion(userId, id, version);
    return record && withProblems(record);
  }

  /** Stores a layout that passes `checkedForSaving`, as version 1. */
  async create(userId: number, environment: NewEnvironment): Promise<EnvironmentRecord> {
    const checked = checkedForSaving(environment);
    return withProblems(await this.repositories.environments.create(userId, checked, this.clock()));
  }

  /**
   * Saves an edited layout of the caller's environment as its next version, checked as `create`
   * checks a new one; the versions before it stay as they were (what was made on them keeps
   * them). Null when the environment is not the caller's.
   */
  async update(userId: number, id: number, environment: NewEnvironment): Promise<EnvironmentRecord | null> {
    const checked = checkedForSaving(environment);
    const saved = await this.repositories.transaction((repositories) =>
      repositories.environments.addVersion(userId, id, checked, this.clock()),
    );
    return saved && withProblems(saved);
  }

  /** Deletes the environment with everything built on it; false when it is not the caller's. */
  delete(userId: number, id: number): Promise<boolean> {
    return this.repositories.environments.delete(userId, id);
  }
}

/**
 * A layout as it is stored, once it keeps the editor's rules (`checkEnvironmentRules`: 400 naming
 * each element and the rule it breaks) with a navigation graph that fits it (400 naming the
 * first bad node or edge). The graph is stored pruned: the same shortest distances from a fraction
 * of the edges a client may send (the full graph of spec §5 of a large floor is 15 MB).
 */
function checkedForSaving(environment: NewEnvironment): NewEnvironment {
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
  return { ...environment, graph: pruneNavigationGraph(environment.graph) };
}
