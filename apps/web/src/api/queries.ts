import { queryOptions } from '@tanstack/react-query';
import { authApi, environmentsApi, experimentsApi, scenariosApi, solvesApi, tasksApi } from './endpoints.ts';
import type { Solve } from './types.ts';

// Every query of the app, one `queryOptions` per list and per record. Keys are hierarchical,
// [resource, 'list', filter] and [resource, 'detail', id], so one prefix reaches every list of
// a resource whatever its filter, or every record of it (see `invalidation.ts`).

type Id = number | string;

/** The resources the API serves as lists and records. */
export type Resource = 'environments' | 'scenarios' | 'tasks' | 'solves' | 'experiments';

function resourceKeys<Name extends Resource>(resource: Name) {
  return {
    lists: () => [resource, 'list'] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: Id) => [resource, 'detail', String(id)] as const,
  };
}

export const queryKeys = {
  me: ['auth', 'me'] as const,
  environments: resourceKeys('environments'),
  scenarios: resourceKeys('scenarios'),
  tasks: resourceKeys('tasks'),
  solves: resourceKeys('solves'),
  experiments: resourceKeys('experiments'),
} as const;

/** The solve and experiment pages poll every 2 s while the server is still working. */
const POLL_INTERVAL_MS = 2000;

function isSolveInProgress(status: Solve['status'] | undefined): boolean {
  return status === 'pending' || status === 'running';
}

export interface SolveFilter {
  environment_id?: Id | null;
  scenario_id?: Id | null;
}

export const authQueries = {
  me: () => queryOptions({ queryKey: queryKeys.me, queryFn: authApi.me }),
};

export const environmentQueries = {
  list: () => queryOptions({ queryKey: queryKeys.environments.lists(), queryFn: environmentsApi.list }),
  detail: (id: Id) =>
    queryOptions({ queryKey: queryKeys.environments.detail(id), queryFn: () => environmentsApi.get(id) }),
  /**
   * The environment at `version` (the layout a solve, scenario or experiment was made on), or at
   * its newest without one. A version's layout never changes, so it is read once.
   */
  atVersion: (id: Id, version: number | undefined) =>
    queryOptions({
      queryKey:
        version === undefined
          ? queryKeys.environments.detail(id)
          : [...queryKeys.environments.detail(id), 'versions', version],
      queryFn: () => (version === undefined ? environmentsApi.get(id) : environmentsApi.getVersion(id, version)),
      ...(version === undefined ? {} : { staleTime: Infinity }),
    }),
};

export const scenarioQueries = {
  list: (environmentId?: Id | null) =>
    queryOptions({
      queryKey: [...queryKeys.scenarios.lists(), { environment_id: environmentId ?? null }],
      queryFn: () => scenariosApi.list({ environment_id: environmentId }),
    }),
  detail: (id: Id) => queryOptions({ queryKey: queryKeys.scenarios.detail(id), queryFn: () => scenariosApi.get(id) }),
};

export const taskQueries = {
  list: (scenarioId?: Id | null) =>
    queryOptions({
      queryKey: [...queryKeys.tasks.lists(), { scenario_id: scenarioId ?? null }],
      queryFn: () => tasksApi.list({ scenario_id: scenarioId }),
    }),
  detail: (id: Id) => queryOptions({ queryKey: queryKeys.tasks.detail(id), queryFn: () => tasksApi.get(id) }),
  /** The server's task generator: fixed while it runs, so it is read once. */
  generator: () =>
    queryOptions({
      queryKey: ['tasks', 'generator'] as const,
      queryFn: () => tasksApi.generator(),
      staleTime: Infinity,
    }),
};

export const solveQueries = {
  list: (filter: SolveFilter = {}) =>
    queryOptions({
      queryKey: [
        ...queryKeys.solves.lists(),
        { environment_id: filter.environment_id ?? null, scenario_id: filter.scenario_id ?? null },
      ],
      queryFn: () => solvesApi.list(filter),
    }),
  detail: (id: Id) =>
    queryOptions({
      queryKey: queryKeys.solves.detail(id),
      queryFn: () => solvesApi.get(id),
      refetchInterval: (query) => (isSolveInProgress(query.state.data?.status) ? POLL_INTERVAL_MS : false),
    }),
};

export const experimentQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.experiments.lists(),
      queryFn: experimentsApi.list,
      refetchInterval: (query) =>
        query.state.data?.some((experiment) => experiment.status === 'running') ? POLL_INTERVAL_MS : false,
    }),
  detail: (id: Id) =>
    queryOptions({
      queryKey: queryKeys.experiments.detail(id),
      queryFn: () => experimentsApi.get(id),
      refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_INTERVAL_MS : false),
    }),
};
