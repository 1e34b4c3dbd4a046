// The Create Solve form (spec §2 /solves/create, §5 rules) as one model: its state, every change
// a person or a loaded list makes to it, and the check that turns it into the POST /solves body.
// Pure, so the page only renders the state and dispatches.
import { ALGORITHM_IDS, DEFAULT_ALGORITHM, FORM_DEFAULT_ROBOT_MODEL, type AlgorithmName } from '@fleetlab/warehouse';
import type { NewSolve } from '../api/types.ts';
import {
  defaultSolveSettings,
  hasAdvancedSettingsProblems,
  readSolveSettings,
  solveSettingsReducer,
  type SolveSettings,
  type SolveSettingsAction,
  type SolveSettingsProblems,
} from './solve-settings.ts';

export interface SolveFormErrors extends SolveSettingsProblems {
  readonly scenario?: string;
  readonly task?: string;
  readonly name?: string;
}

export interface SolveFormState {
  readonly scenarioId: string;
  readonly taskId: string;
  readonly name: string;
  /** Once the planner types a name, the scenario no longer suggests one. */
  readonly nameEdited: boolean;
  readonly description: string;
  readonly algorithm: AlgorithmName;
  readonly showAdvanced: boolean;
  readonly settings: SolveSettings;
  readonly errors: SolveFormErrors;
  readonly submitError: string | null;
}

export type SolveFormAction =
  | { readonly type: 'scenarioChosen'; readonly scenarioId: string }
  /** The chosen scenario's tasks arrived (or changed): keep the task if it is one of them, else take the first. */
  | { readonly type: 'tasksLoaded'; readonly taskIds: readonly string[] }
  | { readonly type: 'taskChosen'; readonly taskId: string }
  /** The name spec §2 suggests, 'Solve for {scenario name}', until the planner types one. */
  | { readonly type: 'nameSuggested'; readonly name: string }
  | { readonly type: 'nameTyped'; readonly name: string }
  | { readonly type: 'descriptionTyped'; readonly description: string }
  | { readonly type: 'algorithmChosen'; readonly algorithm: AlgorithmName }
  | { readonly type: 'advancedToggled' }
  | { readonly type: 'settings'; readonly action: SolveSettingsAction }
  /** Submit found these problems (empty: none); a problem in the advanced settings opens them. */
  | { readonly type: 'checked'; readonly errors: SolveFormErrors }
  | { readonly type: 'submitFailed'; readonly message: string };

export function initialSolveForm(scenarioId = ''): SolveFormState {
  return {
    scenarioId,
    taskId: '',
    name: '',
    nameEdited: false,
    description: '',
    algorithm: DEFAULT_ALGORITHM,
    showAdvanced: false,
    // A new solve's robots accelerate, brake and turn; the API's default stays the point model.
    settings: defaultSolveSettings(undefined, FORM_DEFAULT_ROBOT_MODEL),
    errors: {},
    submitError: null,
  };
}

export function solveFormReducer(state: SolveFormState, action: SolveFormAction): SolveFormState {
  switch (action.type) {
    case 'scenarioChosen':
      return { ...state, scenarioId: action.scenarioId, taskId: '' };
    case 'tasksLoaded':
      return action.taskIds.includes(state.taskId) ? state : { ...state, taskId: action.taskIds[0] ?? '' };
    case 'taskChosen':
      return { ...state, taskId: action.taskId };
    case 'nameSuggested':
      return state.nameEdited || state.name === action.name ? state : { ...state, name: action.name };
    case 'nameTyped':
      return { ...state, name: action.name, nameEdited: true };
    case 'descriptionTyped':
      return { ...state, description: action.description };
    case 'algorithmChosen':
      return { ...state, algorithm: action.algorithm };
    case 'advancedToggled':
      return { ...state, showAdvanced: !state.showAdvanced };
    case 'settings':
      return { ...state, settings: solveSettingsReducer(state.settings, action.action) };
    case 'checked':
      return {
        ...state,
        errors: action.errors,
        submitError: null,
        showAdvanced: state.showAdvanced || hasAdvancedSettingsProblems(action.errors),
      };
    case 'submitFailed':
      return { ...state, submitError: action.message };
  }
}

/** What the form knows of the chosen scenario: its environment, and the ids of its tasks once loaded. */
export interface SolveFormContext {
  readonly scenario: { readonly id: number; readonly environment_id: number } | undefined;
  readonly taskIds: readonly string[];
}

/**
 * Spec §5 solve creation rules and the advanced settings' own: the errors to show, or the
 * POST /solves body when there are none.
 */
export function checkSolveForm(
  state: SolveFormState,
  context: SolveFormContext,
): { errors: SolveFormErrors; body: NewSolve | null } {
  const { parameters, problems } = readSolveSettings(state.settings);
  const errors: SolveFormErrors = {
    ...(!state.scenarioId || !context.scenario ? { scenario: 'Please select a scenario' } : {}),
    ...(!state.taskId || !context.taskIds.includes(state.taskId) ? { task: 'Please select a task' } : {}),
    ...(!state.name.trim() ? { name: 'Name is required' } : {}),
    ...problems,
  };
  if (Object.keys(errors).length > 0 || !context.scenario) return { errors, body: null };
  return {
    errors,
    body: {
      name: state.name.trim(),
      description: state.description.trim(),
      parameters: { ...parameters, algorithm_type: state.algorithm },
      environment_id: context.scenario.environment_id,
      scenario_id: context.scenario.id,
      algorithm_id: ALGORITHM_IDS[state.algorithm],
      task_id: Number(state.taskId),
    },
  };
}
