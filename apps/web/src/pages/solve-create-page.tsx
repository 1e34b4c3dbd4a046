import { useEffect, useMemo, useReducer, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ALGORITHM_BY_NAME, DEFAULT_ROBOT_MODEL, type AlgorithmName } from '@fleetlab/warehouse';
import { useCreateSolve, useEnvironment, useEnvironments, useScenarios, useTasks } from '../api/hooks.ts';
import { Alert } from '../components/ui/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../components/ui/form-field.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { ScenarioSelectField } from '../components/ui/scenario-select-field.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonPrimary, buttonSecondary, card, linkText } from '../components/ui/styles.ts';
import { ShiftSettingsFields } from '../components/solve-settings/shift-settings-fields.tsx';
import { SolveSettingsFields } from '../components/solve-settings/solve-settings-fields.tsx';
import { fleetOnFloor, solveFleetSize } from '../lib/automatic-battery-reserve.ts';
import { robotModelChoiceLabel } from '../lib/custom-robot-model.ts';
import { parseIdParam } from '../lib/scenario-records.ts';
import { createSolveErrorText, SELECTABLE_ALGORITHMS, ALGORITHMS_OFF_THE_FORM_TEXT } from '../lib/solve-form.ts';
import { checkSolveForm, initialSolveForm, solveFormReducer } from '../lib/solve-form-model.ts';

export default function SolveCreatePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const scenarios = useScenarios();
  const environments = useEnvironments();
  const createSolve = useCreateSolve();
  const [form, dispatch] = useReducer(solveFormReducer, searchParams.get('scenario_id'), (scenarioId) =>
    initialSolveForm(parseIdParam(scenarioId) ?? ''),
  );
  const { errors } = form;

  const selectedScenario = scenarios.data?.find((scenario) => String(scenario.id) === form.scenarioId);
  const tasks = useTasks(form.scenarioId || null, { enabled: Boolean(selectedScenario) });
  const scenarioTasks = selectedScenario ? (tasks.data ?? []) : [];
  // The floor and fleet the solve plans with: the battery reserve's hint names what the automatic rule keeps.
  const environment = useEnvironment(selectedScenario?.environment_id);
  const scenarioRobotCount = selectedScenario?.parameters?.robot_count;
  const fleet = useMemo(
    () =>
      environment.data ? fleetOnFloor(environment.data, [solveFleetSize(environment.data, scenarioRobotCount)]) : null,
    [environment.data, scenarioRobotCount],
  );

  useEffect(() => {
    if (scenarios.isError) console.error('Failed to load scenarios', scenarios.error);
  }, [scenarios.isError, scenarios.error]);
  useEffect(() => {
    if (environments.isError) console.error('Failed to load environments', environments.error);
  }, [environments.isError, environments.error]);

  // The name follows the chosen scenario until the user types their own.
  useEffect(() => {
    if (selectedScenario) dispatch({ type: 'nameSuggested', name: `Solve for ${selectedScenario.name}` });
  }, [selectedScenario]);

  // Keep the task choice inside the chosen scenario's tasks; the first one is preselected.
  useEffect(() => {
    if (tasks.data && selectedScenario)
      dispatch({ type: 'tasksLoaded', taskIds: tasks.data.map((task) => String(task.id)) });
  }, [tasks.data, selectedScenario]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { errors: found, body } = checkSolveForm(form, {
      scenario: selectedScenario,
      taskIds: scenarioTasks.map((task) => String(task.id)),
    });
    dispatch({ type: 'checked', errors: found });
    if (!body) return;
    try {
      const created = await createSolve.mutateAsync(body);
      void navigate(`/solves/${created.id}`);
    } catch (error) {
      dispatch({ type: 'submitFailed', message: createSolveErrorText(error) });
    }
  }

  if (scenarios.isPending) return <FullPageSpinner label="Loading scenarios" />;

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Create New Optimization Solve"
        description="Pick a scenario and its tasks, choose an algorithm and let Fleetlab plan the fleet's routes."
      />
      <form noValidate onSubmit={handleSubmit} className={`${card} space-y-5 p-6`}>
        {form.submitError && <Alert tone="error">{form.submitError}</Alert>}
        <ScenarioSelectField
          scenarios={scenarios.data}
          environments={environments.data}
          value={form.scenarioId}
          error={errors.scenario}
          onSelect={(scenarioId) => dispatch({ type: 'scenarioChosen', scenarioId })}
        />
        <div>
          <SelectField
            label="Task"
            required
            value={form.taskId}
            error={errors.task}
            disabled={!selectedScenario}
            onChange={(event) => dispatch({ type: 'taskChosen', taskId: event.target.value })}
          >
            <option value="">{selectedScenario ? 'Select a task' : 'Select a scenario first'}</option>
            {scenarioTasks.map((task) => (
              <option key={task.id} value={String(task.id)}>
                {task.name}
                {task.details?.tasks ? ` (${task.details.tasks.length} deliveries)` : ''}
              </option>
            ))}
          </SelectField>
          {selectedScenario && tasks.isSuccess && (
            <p className="mt-2 text-sm text-slate-400">
              {scenarioTasks.length === 0 ? 'This scenario has no tasks yet.' : 'Need a different task?'}{' '}
              <Link to={`/tasks/generate?scenario_id=${selectedScenario.id}`} className={linkText}>
                Generate tasks
              </Link>{' '}
              or{' '}
              <Link to={`/tasks/create?scenario_id=${selectedScenario.id}`} className={linkText}>
                create one by hand
              </Link>
              .
            </p>
          )}
        </div>
        <TextField
          label="Name"
          required
          value={form.name}
          error={errors.name}
          onChange={(event) => dispatch({ type: 'nameTyped', name: event.target.value })}
        />
        <TextAreaField
          label="Description"
          value={form.description}
          onChange={(event) => dispatch({ type: 'descriptionTyped', description: event.target.value })}
        />
        <SelectField
          label="Algorithm"
          value={form.algorithm}
          hint={
            <>
              {ALGORITHM_BY_NAME[form.algorithm].hint}
              <span className="mt-1 block text-slate-500">
                {ALGORITHMS_OFF_THE_FORM_TEXT}{' '}
                <Link to="/experiments/create" className={linkText}>
                  Compare algorithms
                </Link>
              </span>
            </>
          }
          onChange={(event) => dispatch({ type: 'algorithmChosen', algorithm: event.target.value as AlgorithmName })}
        >
          {SELECTABLE_ALGORITHMS.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.label}
            </option>
          ))}
        </SelectField>

        <p className="text-sm text-slate-400" data-testid="robot-model-line">
          Robot model:{' '}
          <span className="text-slate-200">
            {robotModelChoiceLabel(form.settings.robotModel, form.settings.customModel)}
          </span>{' '}
          (Advanced Settings, Robot Model). This form starts with a robot that accelerates, brakes and turns; a solve
          posted to the API without a robot model runs the {DEFAULT_ROBOT_MODEL} model, the original product’s figures.
        </p>

        <ShiftSettingsFields
          settings={form.settings.shift}
          dispatch={(action) => dispatch({ type: 'settings', action })}
          problems={errors.shift}
        />

        <div className="border-t border-slate-800 pt-5">
          <button
            type="button"
            aria-expanded={form.showAdvanced}
            aria-controls="advanced-settings"
            className={`${buttonSecondary} px-3 py-1.5`}
            onClick={() => dispatch({ type: 'advancedToggled' })}
          >
            {form.showAdvanced ? 'Hide Advanced Settings' : 'Show Advanced Settings'}
          </button>
          {form.showAdvanced && (
            <div id="advanced-settings" className="mt-5">
              <SolveSettingsFields
                settings={form.settings}
                dispatch={(action) => dispatch({ type: 'settings', action })}
                problems={errors}
                fleetOnFloor={fleet}
              />
            </div>
          )}
        </div>

        <div className="flex justify-end gap-3 border-t border-slate-800 pt-5">
          <button type="button" className={buttonSecondary} onClick={() => navigate('/solves')}>
            Cancel
          </button>
          <button type="submit" className={buttonPrimary} disabled={createSolve.isPending}>
            {createSolve.isPending ? 'Starting…' : 'Start Optimization'}
          </button>
        </div>
      </form>
    </div>
  );
}
