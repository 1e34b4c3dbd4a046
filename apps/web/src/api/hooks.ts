import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { EnvironmentVersionFields, ExperimentPointsAdd } from '@fleetlab/warehouse';
import {
  environmentsApi,
  experimentsApi,
  scenariosApi,
  solvesApi,
  tasksApi,
  type GenerateTasksInput,
} from './endpoints.ts';
import { invalidateAfter, type Mutation } from './invalidation.ts';
import {
  environmentQueries,
  experimentQueries,
  queryKeys,
  scenarioQueries,
  solveQueries,
  taskQueries,
  type SolveFilter,
} from './queries.ts';
import type { NewEnvironment, NewExperiment, NewScenario, NewSolve, NewTask, ScenarioChanges } from './types.ts';

type Id = number | string;

/** Record pages read their id from the URL or from another record: none yet means no query. */
function hasId(id: Id | null | undefined): id is Id {
  return id !== null && id !== undefined && id !== '';
}

export function useEnvironments() {
  return useQuery(environmentQueries.list());
}

export function useEnvironment(id: Id | null | undefined) {
  return useQuery({ ...environmentQueries.detail(id ?? ''), enabled: hasId(id) });
}

/**
 * The layout a solve, scenario or experiment was made on: its environment at the record's
 * version, read like the environment's own page while that is still the newest. No record, no query.
 */
export function useEnvironmentOf(record: (EnvironmentVersionFields & { environment_id: number }) | null | undefined) {
  const edited = record && record.environment_latest_version > record.environment_version;
  return useQuery({
    ...environmentQueries.atVersion(record?.environment_id ?? '', edited ? record.environment_version : undefined),
    enabled: Boolean(record),
  });
}

export function useScenarios(environmentId?: Id | null) {
  return useQuery(scenarioQueries.list(environmentId));
}

export function useScenario(id: Id | null | undefined) {
  return useQuery({ ...scenarioQueries.detail(id ?? ''), enabled: hasId(id) });
}

export function useTasks(scenarioId?: Id | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...taskQueries.list(scenarioId), enabled: options.enabled ?? true });
}

export function useTask(id: Id | null | undefined) {
  return useQuery({ ...taskQueries.detail(id ?? ''), enabled: hasId(id) });
}

export function useSolves(filter: SolveFilter = {}) {
  return useQuery(solveQueries.list(filter));
}

/** Polls every 2 s while the solve is pending or running. */
export function useSolve(id: Id | null | undefined) {
  return useQuery({ ...solveQueries.detail(id ?? ''), enabled: hasId(id) });
}

/** Polls every 2 s while an experiment of the list runs. */
export function useExperiments() {
  return useQuery(experimentQueries.list());
}

/** Polls every 2 s while the experiment runs. */
export function useExperiment(id: Id) {
  return useQuery(experimentQueries.detail(id));
}

/**
 * A mutation that, once the server has answered, refreshes what `INVALIDATIONS` names for it.
 * `answerKey` names where the record the server answers is cached at once, where it has one.
 */
function useInvalidatingMutation<Input, Output>(
  mutation: Mutation,
  mutationFn: (input: Input) => Promise<Output>,
  answerKey?: (answer: Output) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      if (answerKey) queryClient.setQueryData(answerKey(answer), answer);
      return invalidateAfter(queryClient, mutation);
    },
  });
}

export function useCreateEnvironment() {
  return useInvalidatingMutation('createEnvironment', (input: NewEnvironment) => environmentsApi.create(input));
}

/** PUT /environments/{id}: the answer (the new version) becomes the cached environment at once. */
export function useUpdateEnvironment() {
  return useInvalidatingMutation(
    'updateEnvironment',
    ({ id, environment }: { id: Id; environment: NewEnvironment }) => environmentsApi.update(id, environment),
    (environment) => queryKeys.environments.detail(environment.id),
  );
}

export function useDeleteEnvironment() {
  return useInvalidatingMutation('deleteEnvironment', (id: Id) => environmentsApi.remove(id));
}

export function useCreateScenario() {
  return useInvalidatingMutation('createScenario', (input: NewScenario) => scenariosApi.create(input));
}

/** PATCH /scenarios/{id}; the answer becomes the cached record at once. */
export function useUpdateScenario() {
  return useInvalidatingMutation(
    'updateScenario',
    ({ id, changes }: { id: Id; changes: ScenarioChanges }) => scenariosApi.update(id, changes),
    (scenario) => queryKeys.scenarios.detail(scenario.id),
  );
}

export function useDeleteScenario() {
  return useInvalidatingMutation('deleteScenario', (id: Id) => scenariosApi.remove(id));
}

export function useTaskGenerator() {
  return useQuery(taskQueries.generator());
}

/** POST /tasks/generate previews tasks and stores nothing, so nothing goes out of date. */
export function useGenerateTasks() {
  return useMutation({ mutationFn: (input: GenerateTasksInput) => tasksApi.generate(input) });
}

export function useSaveTasks() {
  return useInvalidatingMutation('saveTasks', (tasks: NewTask[]) => tasksApi.saveBatch(tasks));
}

export function useDeleteTask() {
  return useInvalidatingMutation('deleteTask', (id: Id) => tasksApi.remove(id));
}

export function useCreateSolve() {
  return useInvalidatingMutation('createSolve', (input: NewSolve) => solvesApi.create(input));
}

export function useDeleteSolve() {
  return useInvalidatingMutation('deleteSolve', (id: Id) => solvesApi.remove(id));
}

/** The answer (the solve, failed with 'Cancelled by the user') becomes the cached solve at once. */
export function useCancelSolve() {
  return useInvalidatingMutation(
    'cancelSolve',
    (id: Id) => solvesApi.cancel(id),
    (solve) => queryKeys.solves.detail(solve.id),
  );
}

export function useCreateExperiment() {
  return useInvalidatingMutation('createExperiment', (input: NewExperiment) => experimentsApi.create(input));
}

/** The answer becomes the cached experiment at once. */
export function useCancelExperiment() {
  return useInvalidatingMutation(
    'cancelExperiment',
    (id: Id) => experimentsApi.cancel(id),
    (experiment) => queryKeys.experiments.detail(experiment.id),
  );
}

export function useAddExperimentPoints() {
  return useInvalidatingMutation(
    'addExperimentPoints',
    ({ id, points }: { id: Id; points: ExperimentPointsAdd }) => experimentsApi.addPoints(id, points),
    (experiment) => queryKeys.experiments.detail(experiment.id),
  );
}

export function useDeleteExperiment() {
  return useInvalidatingMutation('deleteExperiment', (id: Id) => experimentsApi.remove(id));
}
