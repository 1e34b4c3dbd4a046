import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExperimentCreate, ExperimentRecord, ScenarioParametersRecord, ScenarioRecord } from '@fleetlab/warehouse';
import { apiRequest } from '../api/client.ts';
import { queryKeys } from '../api/hooks.ts';

type Id = number | string;

export type Experiment = ExperimentRecord;
export type NewExperiment = ExperimentCreate;
export interface ScenarioChanges {
  name?: string;
  description?: string | null;
  parameters?: ScenarioParametersRecord;
}

export const experimentsApi = {
  list: () => apiRequest<Experiment[]>('/experiments'),
  get: (id: Id) => apiRequest<Experiment>(`/experiments/${id}`),
  create: (input: NewExperiment) => apiRequest<Experiment>('/experiments', { method: 'POST', body: input }),
  cancel: (id: Id) => apiRequest<Experiment>(`/experiments/${id}/cancel`, { method: 'POST' }),
  remove: (id: Id) => apiRequest<unknown>(`/experiments/${id}`, { method: 'DELETE' }),
};

export const scenarioEditsApi = {
  update: (id: Id, changes: ScenarioChanges) => apiRequest<ScenarioRecord>(`/scenarios/${id}`, { method: 'PATCH', body: changes }),
};

export const experimentQueryKeys = {
  experiments: ['experiments'] as const,
  experiment: (id: Id) => ['experiment', String(id)] as const,
};

/** Like a solve, the results page polls every 2 s while points are still pending or running. */
export const EXPERIMENT_POLL_INTERVAL_MS = 2000;

export function useExperiments() {
  return useQuery({
    queryKey: experimentQueryKeys.experiments,
    queryFn: experimentsApi.list,
    refetchInterval: (query) =>
      query.state.data?.some((experiment) => experiment.status === 'running') ? EXPERIMENT_POLL_INTERVAL_MS : false,
  });
}

export function useExperiment(id: Id) {
  return useQuery({
    queryKey: experimentQueryKeys.experiment(id),
    queryFn: () => experimentsApi.get(id),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EXPERIMENT_POLL_INTERVAL_MS : false),
  });
}

export function useCreateExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewExperiment) => experimentsApi.create(input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: experimentQueryKeys.experiments });
      void queryClient.invalidateQueries({ queryKey: ['solves'] });
    },
  });
}

export function useCancelExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Id) => experimentsApi.cancel(id),
    onSuccess: (experiment) => {
      queryClient.setQueryData(experimentQueryKeys.experiment(experiment.id), experiment);
      void queryClient.invalidateQueries({ queryKey: experimentQueryKeys.experiments });
      void queryClient.invalidateQueries({ queryKey: ['solves'] });
    },
  });
}

export function useDeleteExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Id) => experimentsApi.remove(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: experimentQueryKeys.experiments });
      void queryClient.invalidateQueries({ queryKey: ['solves'] });
    },
  });
}

export function useUpdateScenario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: Id; changes: ScenarioChanges }) => scenarioEditsApi.update(id, changes),
    onSuccess: (scenario) => {
      queryClient.setQueryData(queryKeys.scenario(scenario.id), scenario);
      void queryClient.invalidateQueries({ queryKey: ['scenarios'] });
    },
  });
}
