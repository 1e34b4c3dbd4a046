import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { environmentsApi, scenariosApi, solvesApi, tasksApi, type GenerateTasksInput } from './endpoints.ts';
import type { GeneratedTask, NewEnvironment, NewScenario, NewSolve, NewTask, Solve } from './types.ts';

type Id = number | string;

export const queryKeys = {
  me: ['auth', 'me'] as const,
  environments: ['environments'] as const,
  environment: (id: Id) => ['environments', String(id)] as const,
  scenarios: (environmentId?: Id | null) => ['scenarios', { environment_id: environmentId ?? null }] as const,
  scenario: (id: Id) => ['scenario', String(id)] as const,
  tasks: (scenarioId?: Id | null) => ['tasks', { scenario_id: scenarioId ?? null }] as const,
  task: (id: Id) => ['task', String(id)] as const,
  solves: (filter: { environment_id?: Id | null; scenario_id?: Id | null } = {}) =>
    ['solves', { environment_id: filter.environment_id ?? null, scenario_id: filter.scenario_id ?? null }] as const,
  solve: (id: Id) => ['solve', String(id)] as const,
};

/** The solve page polls every 2 s while the server is still working on it. */
export const SOLVE_POLL_INTERVAL_MS = 2000;

export function isSolveInProgress(status: Solve['status'] | undefined): boolean {
  return status === 'pending' || status === 'running';
}

export function useEnvironments() {
  return useQuery({ queryKey: queryKeys.environments, queryFn: environmentsApi.list });
}

export function useEnvironment(id: Id | null | undefined) {
  return useQuery({
    queryKey: queryKeys.environment(id ?? ''),
    queryFn: () => environmentsApi.get(id as Id),
    enabled: id !== null && id !== undefined && id !== '',
  });
}

export function useCreateEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEnvironment) => environmentsApi.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.environments }),
  });
}

export function useDeleteEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Id) => environmentsApi.remove(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.environments });
      void queryClient.invalidateQueries({ queryKey: ['scenarios'] });
      void queryClient.invalidateQueries({ queryKey: ['solves'] });
    },
  });
}

export function useScenarios(environmentId?: Id | null) {
  return useQuery({
    queryKey: queryKeys.scenarios(environmentId),
    queryFn: () => scenariosApi.list({ environment_id: environmentId }),
  });
}

export function useScenario(id: Id | null | undefined) {
  return useQuery({
    queryKey: queryKeys.scenario(id ?? ''),
    queryFn: () => scenariosApi.get(id as Id),
    enabled: id !== null && id !== undefined && id !== '',
  });
}

export function useCreateScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewScenario) => scenariosApi.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['scenarios'] }),
  });
}

export function useDeleteScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Id) => scenariosApi.remove(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['scenarios'] });
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
      void queryClient.invalidateQueries({ queryKey: ['solves'] });
    },
  });
}

export function useTasks(scenarioId?: Id | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.tasks(scenarioId),
    queryFn: () => tasksApi.list({ scenario_id: scenarioId }),
    enabled: options.enabled ?? true,
  });
}

export function useTask(id: Id | null | undefined) {
  return useQuery({
    queryKey: queryKeys.task(id ?? ''),
    queryFn: () => tasksApi.get(id as Id),
    enabled: id !== null && id !== undefined && id !== '',
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Id) => tasksApi.remove(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks'] }),
  });
}

export function useGenerateTasks() {
  return useMutation({ mutationFn: (input: GenerateTasksInput) => tasksApi.generate(input) });
}

export function useSaveTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tasks: NewTask[]) => tasksApi.saveBatch(tasks),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tasks'] }),
  });
}

export function useSolves(filter: { environment_id?: Id | null; scenario_id?: Id | null } = {}) {
  return useQuery({ queryKey: queryKeys.solves(filter), queryFn: () => solvesApi.list(filter) });
}

export function useSolve(id: Id | null | undefined) {
  return useQuery({
    queryKey: queryKeys.solve(id ?? ''),
    queryFn: () => solvesApi.get(id as Id),
    enabled: id !== null && id !== undefined && id !== '',
    refetchInterval: (query) => (isSolveInProgress(query.state.data?.status) ? SOLVE_POLL_INTERVAL_MS : false),
  });
}

export function useCreateSolve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewSolve) => solvesApi.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['solves'] }),
  });
}

export function useDeleteSolve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Id) => solvesApi.remove(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['solves'] }),
  });
}
