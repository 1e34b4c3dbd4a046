import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ALGORITHM_BY_NAME, ALGORITHM_IDS, DEFAULT_ALGORITHM, OBJECTIVE_LABELS, objectiveNameValues, type AlgorithmName, type ObjectiveName } from '@fleetlab/warehouse';
import { useCreateSolve, useEnvironments, useScenarios, useTasks } from '../api/hooks.ts';
import { Alert } from '../components/ui/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../components/ui/form-field.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { ScenarioSelectField } from '../components/ui/scenario-select-field.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonPrimary, buttonSecondary, card, inputClass, linkText } from '../components/ui/styles.ts';
import { defaultObjectiveSettings, objectiveWeightsToSubmit, type ObjectiveSettings } from '../lib/objective-weights.ts';
import { parseIdParam } from '../lib/scenario-records.ts';
import {
  boundedNumberProblem,
  CHARGERS_RANGE,
  createSolveErrorText,
  FIXED_SOLVE_PARAMETERS,
  HANDLING_TIME_RULE,
  MAX_DISTANCE_RULE,
  OBJECTIVES_RECOMMENDATION,
  parseBoundedNumber,
  parseChargers,
  RECHARGE_TIME_RULE,
  TIME_LIMIT_RULE,
  ROBOT_SPEED_RULE,
  SELECTABLE_ALGORITHMS,
  type NumberFieldRule,
} from '../lib/solve-form.ts';

interface SolveFormErrors { scenario?: string; task?: string; name?: string; maxDistance?: string; chargers?: string }

export default function SolveCreatePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const scenarios = useScenarios();
  const environments = useEnvironments();
  const createSolve = useCreateSolve();

  const [scenarioId, setScenarioId] = useState(() => parseIdParam(searchParams.get('scenario_id')) ?? '');
  const [taskId, setTaskId] = useState('');
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [algorithm, setAlgorithm] = useState<AlgorithmName>(DEFAULT_ALGORITHM);
  const [showAdvanced, setShowAdvanced] = useState(false);
  const [maxDistance, setMaxDistance] = useState(String(MAX_DISTANCE_RULE.fallback));
  const [robotSpeed, setRobotSpeed] = useState(String(ROBOT_SPEED_RULE.fallback));
  const [rechargeTime, setRechargeTime] = useState(String(RECHARGE_TIME_RULE.fallback));
  const [timeLimit, setTimeLimit] = useState(String(TIME_LIMIT_RULE.fallback));
  const [chargers, setChargers] = useState('');
  const [handlingTime, setHandlingTime] = useState(String(HANDLING_TIME_RULE.fallback));
  const [objectives, setObjectives] = useState<ObjectiveSettings>(defaultObjectiveSettings);
  const [errors, setErrors] = useState<SolveFormErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);

  const selectedScenario = scenarios.data?.find((scenario) => String(scenario.id) === scenarioId);
  const tasks = useTasks(scenarioId || null, { enabled: Boolean(selectedScenario) });
  const scenarioTasks = selectedScenario ? (tasks.data ?? []) : [];

  useEffect(() => {
    if (scenarios.isError) console.error('Failed to load scenarios', scenarios.error);
  }, [scenarios.isError, scenarios.error]);
  useEffect(() => {
    if (environments.isError) console.error('Failed to load environments', environments.error);
  }, [environments.isError, environments.error]);

  // The name follows the chosen scenario until the user types their own.
  useEffect(() => {
    if (!nameEdited && selectedScenario) setName(`Solve for ${selectedScenario.name}`);
  }, [selectedScenario, nameEdited]);

  // Keep the task choice inside the chosen scenario's tasks; the first one is preselected.
  useEffect(() => {
    if (!tasks.data || !selectedScenario) return;
    if (!tasks.data.some((task) => String(task.id) === taskId)) setTaskId(tasks.data[0] ? String(tasks.data[0].id) : '');
  }, [tasks.data, selectedScenario, taskId]);

  const normalizedWeights = useMemo(() => objectiveWeightsToSubmit(objectives), [objectives]);
  const algorithmHint = ALGORITHM_BY_NAME[algorithm].hint;
  const enabledCount = objectiveNameValues.filter((objective) => objectives[objective].enabled).length;

  function changeScenario(value: string) {
    setScenarioId(value);
    setTaskId('');
  }

  function updateObjective(objective: ObjectiveName, change: Partial<ObjectiveSettings[ObjectiveName]>) {
    setObjectives((current) => ({ ...current, [objective]: { ...current[objective], ...change } }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: SolveFormErrors = {};
    if (!scenarioId || !selectedScenario) found.scenario = 'Please select a scenario';
    if (!taskId || !scenarioTasks.some((task) => String(task.id) === taskId)) found.task = 'Please select a task';
    if (!name.trim()) found.name = 'Name is required';
    // Held to the spec's 0 to 10000, Max Distance can still be the 0 the server refuses.
    const maxDistanceValue = parseBoundedNumber(maxDistance, MAX_DISTANCE_RULE);
    const maxDistanceProblem = boundedNumberProblem('Max Distance', maxDistanceValue, MAX_DISTANCE_RULE);
    if (maxDistanceProblem) {
      found.maxDistance = maxDistanceProblem;
      setShowAdvanced(true);
    }
    const chargersField = parseChargers(chargers);
    if (chargersField.problem) {
      found.chargers = chargersField.problem;
      setShowAdvanced(true);
    }
    setErrors(found);
    setSubmitError(null);
    if (found.scenario || found.task || found.name || found.maxDistance || found.chargers || !selectedScenario) return;
    const handlingTimeS = parseBoundedNumber(handlingTime, HANDLING_TIME_RULE);

    try {
      const created = await createSolve.mutateAsync({
        name: name.trim(),
        description: description.trim(),
        parameters: {
          time_limit: parseBoundedNumber(timeLimit, TIME_LIMIT_RULE),
          algorithm_type: algorithm,
          battery_capacity: FIXED_SOLVE_PARAMETERS.battery_capacity,
          max_distance: maxDistanceValue,
          robot_speed: parseBoundedNumber(robotSpeed, ROBOT_SPEED_RULE),
          recharge_time: parseBoundedNumber(rechargeTime, RECHARGE_TIME_RULE),
          objective_weights: objectiveWeightsToSubmit(objectives),
          balance_factor: FIXED_SOLVE_PARAMETERS.balance_factor,
          // Absent unless set, so a default solve sends exactly the spec's parameters.
          ...(chargersField.chargers !== undefined ? { chargers: chargersField.chargers } : {}),
          ...(handlingTimeS > 0 ? { handling_time_s: handlingTimeS } : {}),
        },
        environment_id: selectedScenario.environment_id,
        scenario_id: selectedScenario.id,
        algorithm_id: ALGORITHM_IDS[algorithm],
        task_id: Number(taskId),
      });
      navigate(`/solves/${created.id}`);
    } catch (error) {
      setSubmitError(createSolveErrorText(error));
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
        {submitError && <Alert tone="error">{submitError}</Alert>}
        <ScenarioSelectField
          scenarios={scenarios.data}
          environments={environments.data}
          value={scenarioId}
          error={errors.scenario}
          onSelect={changeScenario}
        />
        <div>
          <SelectField
            label="Task"
            required
            value={taskId}
            error={errors.task}
            disabled={!selectedScenario}
            onChange={(event) => setTaskId(event.target.value)}
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
          value={name}
          error={errors.name}
          onChange={(event) => {
            setNameEdited(true);
            setName(event.target.value);
          }}
        />
        <TextAreaField label="Description" value={description} onChange={(event) => setDescription(event.target.value)} />
        <SelectField
          label="Algorithm"
          value={algorithm}
          hint={algorithmHint}
          onChange={(event) => setAlgorithm(event.target.value as AlgorithmName)}
        >
          {SELECTABLE_ALGORITHMS.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.label}
            </option>
          ))}
        </SelectField>

        <div className="border-t border-slate-800 pt-5">
          <button
            type="button"
            aria-expanded={showAdvanced}
            aria-controls="advanced-settings"
            className={`${buttonSecondary} px-3 py-1.5`}
            onClick={() => setShowAdvanced((shown) => !shown)}
          >
            {showAdvanced ? 'Hide Advanced Settings' : 'Show Advanced Settings'}
          </button>
          {showAdvanced && (
            <div id="advanced-settings" className="mt-5 space-y-6">
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <BoundedNumberField
                  label="Max Distance (meters)"
                  rule={MAX_DISTANCE_RULE}
                  value={maxDistance}
                  hint="Distance on one full charge, 0 to 10000."
                  error={errors.maxDistance}
                  onChange={setMaxDistance}
                />
                <BoundedNumberField label="Robot Speed (m/s)" rule={ROBOT_SPEED_RULE} value={robotSpeed} hint="0.1 to 5." onChange={setRobotSpeed} />
                <BoundedNumberField label="Recharge Time (min)" rule={RECHARGE_TIME_RULE} value={rechargeTime} hint="3 to 120." onChange={setRechargeTime} />
                <BoundedNumberField
                  label="Time Limit (s)"
                  rule={TIME_LIMIT_RULE}
                  value={timeLimit}
                  hint="Search time for Genetic and Makespan, 1 to 3600; the others finish sooner."
                  onChange={setTimeLimit}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <TextField
                  label="Chargers per Station"
                  type="number"
                  min={CHARGERS_RANGE.min}
                  max={CHARGERS_RANGE.max}
                  step={1}
                  value={chargers}
                  placeholder="One per robot"
                  hint={`Robots that find every charger busy queue on the shared floor; blank: one per robot, ${CHARGERS_RANGE.min} to ${CHARGERS_RANGE.max}.`}
                  error={errors.chargers}
                  onChange={(event) => setChargers(event.target.value)}
                />
                <BoundedNumberField
                  label="Handling Time (s)"
                  rule={HANDLING_TIME_RULE}
                  value={handlingTime}
                  hint={`Spent at each pickup and each dropoff, ${HANDLING_TIME_RULE.min} to ${HANDLING_TIME_RULE.max}.`}
                  onChange={setHandlingTime}
                />
              </div>
              <ObjectiveWeightsFieldset
                objectives={objectives}
                enabledCount={enabledCount}
                normalized={normalizedWeights}
                onChange={updateObjective}
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

function ObjectiveWeightsFieldset({
  objectives,
  enabledCount,
  normalized,
  onChange,
}: {
  objectives: ObjectiveSettings;
  enabledCount: number;
  normalized: Partial<Record<ObjectiveName, number>>;
  onChange: (objective: ObjectiveName, change: Partial<ObjectiveSettings[ObjectiveName]>) => void;
}) {
  const baseId = useId();
  return (
    <fieldset className="rounded-lg border border-slate-800 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-200">Objective Weights</legend>
      <p className="mb-4 text-xs text-slate-400">
        Enabled objectives are weighted in percent; the weights are scaled to sum to 100 when you start.
      </p>
      <ul className="space-y-3">
        {objectiveNameValues.map((objective) => {
          const setting = objectives[objective];
          const checkboxId = `${baseId}-${objective}-enabled`;
          const weightId = `${baseId}-${objective}-weight`;
          // At least one objective stays enabled (spec §5): the last one cannot be switched off.
          const locked = setting.enabled && enabledCount === 1;
          return (
            <li key={objective} className="grid grid-cols-[1fr_7rem_4rem] items-center gap-3">
              <div className="flex items-center gap-2">
                <input
                  id={checkboxId}
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-600 bg-slate-900 accent-indigo-500"
                  checked={setting.enabled}
                  disabled={locked}
                  onChange={(event) => onChange(objective, { enabled: event.target.checked })}
                />
                <label htmlFor={checkboxId} className="text-sm text-slate-200">
                  {OBJECTIVE_LABELS[objective]}
                </label>
              </div>
              <div>
                <label htmlFor={weightId} className="sr-only">
                  {`${OBJECTIVE_LABELS[objective]} weight`}
                </label>
                <input
                  id={weightId}
                  type="number"
                  min={0}
                  max={100}
                  className={inputClass}
                  disabled={!setting.enabled}
                  value={Number.isNaN(setting.weight) ? '' : String(setting.weight)}
                  onChange={(event) =>
                    onChange(objective, { weight: event.target.value === '' ? Number.NaN : Number(event.target.value) })
                  }
                />
              </div>
              <output htmlFor={weightId} className="text-right text-sm tabular-nums text-slate-400">
                {normalized[objective] !== undefined ? `${normalized[objective]}%` : '—'}
              </output>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 rounded-lg bg-indigo-500/10 px-3 py-2 text-xs text-indigo-200">{OBJECTIVES_RECOMMENDATION}</p>
    </fieldset>
  );
}

interface BoundedNumberFieldProps {
  readonly label: string;
  readonly rule: NumberFieldRule;
  readonly value: string;
  readonly hint: string;
  readonly error?: string;
  readonly onChange: (value: string) => void;
}

/** An advanced-settings number input whose browser bounds (and step) come from its parsing rule. */
function BoundedNumberField({ label, rule, value, hint, error, onChange }: BoundedNumberFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      min={rule.min}
      max={rule.max}
      step={rule.step}
      value={value}
      hint={hint}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
