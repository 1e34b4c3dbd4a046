import type { ExperimentPointsAdd } from '@fleetlab/warehouse';
import { apiRequest } from './client.ts';
import type {
  Environment,
  EnvironmentSummary,
  Experiment,
  GeneratedTask,
  NewEnvironment,
  NewExperiment,
  NewScenario,
  NewSolve,
  NewTask,
  Scenario,
  ScenarioChanges,
  Solve,
  SolveSummary,
  Task,
  User,
} from './types.ts';

// The calls of spec §7, one function each.

export interface RegisterInput {
  email: string;
  username: string;
  password: string;
}
export interface LoginResponse {
  access_token: string;
  token_type?: string;
}
/** POST /auth/resend-verification: whether a code went out, and the seconds until the next may be asked for. */
export interface ResendAnswer {
  detail: string;
  code_sent: boolean;
  retry_after_s: number;
}

export const authApi = {
  register: (input: RegisterInput) =>
    apiRequest<unknown>('/auth/register', { method: 'POST', body: input, skipUnauthorizedRedirect: true }),
  // The API names the e-mail field `username` (OAuth2 password form heritage, spec §7).
  login: (email: string, password: string) =>
    apiRequest<LoginResponse>('/auth/login', {
      method: 'POST',
      body: { username: email, password },
      skipUnauthorizedRedirect: true,
    }),
  me: () => apiRequest<User>('/auth/me'),
  verifyEmail: (email: string, code: string) =>
    apiRequest<unknown>('/auth/verify-email', {
      method: 'POST',
      body: { email, code },
      skipUnauthorizedRedirect: true,
    }),
  resendVerification: (email: string) =>
    apiRequest<ResendAnswer>('/auth/resend-verification', {
      method: 'POST',
      body: { email },
      skipUnauthorizedRedirect: true,
    }),
};

export const environmentsApi = {
  list: () => apiRequest<EnvironmentSummary[]>('/environments'),
  get: (id: number | string) => apiRequest<Environment>(`/environments/${id}`),
  /** The environment as it was at `version` (what a solve, scenario or experiment made on it shows). */
  getVersion: (id: number | string, version: number) =>
    apiRequest<Environment>(`/environments/${id}/versions/${version}`),
  create: (input: NewEnvironment) => apiRequest<Environment>('/environments', { method: 'POST', body: input }),
  /** Saves an edited layout as the environment's next version. */
  update: (id: number | string, input: NewEnvironment) =>
    apiRequest<Environment>(`/environments/${id}`, { method: 'PUT', body: input }),
  remove: (id: number | string) => apiRequest<unknown>(`/environments/${id}`, { method: 'DELETE' }),
};

export const scenariosApi = {
  list: (filter: { environment_id?: number | string | null } = {}) =>
    apiRequest<Scenario[]>('/scenarios', { query: { environment_id: filter.environment_id } }),
  get: (id: number | string) => apiRequest<Scenario>(`/scenarios/${id}`),
  create: (input: NewScenario) => apiRequest<Scenario>('/scenarios', { method: 'POST', body: input }),
  update: (id: number | string, changes: ScenarioChanges) =>
    apiRequest<Scenario>(`/scenarios/${id}`, { method: 'PATCH', body: changes }),
  remove: (id: number | string) => apiRequest<unknown>(`/scenarios/${id}`, { method: 'DELETE' }),
};

export interface GenerateTasksInput {
  scenario_id: number | string;
  num_tasks: number;
  task_type: string;
  name?: string;
  description?: string;
}

export interface TaskGeneratorInUse {
  kind: 'builtin' | 'llm';
  model: string | null;
}

export const tasksApi = {
  list: (filter: { scenario_id?: number | string | null } = {}) =>
    apiRequest<Task[]>('/tasks', { query: { scenario_id: filter.scenario_id } }),
  get: (id: number | string) => apiRequest<Task>(`/tasks/${id}`),
  remove: (id: number | string) => apiRequest<unknown>(`/tasks/${id}`, { method: 'DELETE' }),
  // Spec §7: the generation parameters travel in the query, the body is empty.
  generate: (input: GenerateTasksInput) =>
    apiRequest<GeneratedTask[]>('/tasks/generate', {
      method: 'POST',
      query: {
        scenario_id: input.scenario_id,
        num_tasks: input.num_tasks,
        task_type: input.task_type,
        name: input.name,
        description: input.description,
      },
    }),
  saveBatch: (tasks: NewTask[]) => apiRequest<Task[]>('/tasks/batch', { method: 'POST', body: tasks }),
  /** Which generator POST /tasks/generate runs: the built-in one, or the configured language model. */
  generator: () => apiRequest<TaskGeneratorInUse>('/tasks/generator'),
};

export const solvesApi = {
  list: (filter: { environment_id?: number | string | null; scenario_id?: number | string | null } = {}) =>
    apiRequest<SolveSummary[]>('/solves', {
      query: { environment_id: filter.environment_id, scenario_id: filter.scenario_id },
    }),
  get: (id: number | string) => apiRequest<Solve>(`/solves/${id}`),
  create: (input: NewSolve) => apiRequest<Solve>('/solves', { method: 'POST', body: input }),
  remove: (id: number | string) => apiRequest<unknown>(`/solves/${id}`, { method: 'DELETE' }),
  /** POST /solves/{id}/cancel: the solve stops and stays, failed with 'Cancelled by the user'. */
  cancel: (id: number | string) => apiRequest<Solve>(`/solves/${id}/cancel`, { method: 'POST' }),
};

export const experimentsApi = {
  list: () => apiRequest<Experiment[]>('/experiments'),
  get: (id: number | string) => apiRequest<Experiment>(`/experiments/${id}`),
  create: (input: NewExperiment) => apiRequest<Experiment>('/experiments', { method: 'POST', body: input }),
  cancel: (id: number | string) => apiRequest<Experiment>(`/experiments/${id}/cancel`, { method: 'POST' }),
  /** POST /experiments/{id}/points: the sweep continues with these new values. */
  addPoints: (id: number | string, points: ExperimentPointsAdd) =>
    apiRequest<Experiment>(`/experiments/${id}/points`, { method: 'POST', body: points }),
  remove: (id: number | string) => apiRequest<unknown>(`/experiments/${id}`, { method: 'DELETE' }),
};
