import { useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  ALGORITHM_BY_NAME,
  algorithmNameValues,
  EXPERIMENT_KINDS,
  FORM_DEFAULT_ROBOT_MODEL,
  ROBOT_MODEL_PRESETS,
  type AlgorithmName,
  type ExperimentKind,
  type RobotModelParameter,
} from '@fleetlab/warehouse';
import { isApiError } from '../api/client.ts';
import { useCreateExperiment, useEnvironment, useScenarios, useSolve, useTasks } from '../api/hooks.ts';
import type { NewExperiment } from '../api/types.ts';
import { Alert } from '../components/ui/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../components/ui/form-field.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonPrimary, buttonSecondary, card, linkText } from '../components/ui/styles.ts';
import { ShiftSettingsFields } from '../components/solve-settings/shift-settings-fields.tsx';
import { SolveSettingsFields } from '../components/solve-settings/solve-settings-fields.tsx';
import { parseChargerCounts, parseRobotCounts } from '../experiments/experiment-figures.ts';
import {
  DEFAULT_P95_TARGET_MINUTES,
  parseP95TargetMinutes,
  parseRates,
  withoutRate,
} from '../experiments/shift-sweep-figures.ts';
import { fleetOnFloor, solveFleetSize } from '../lib/automatic-battery-reserve.ts';
import { CUSTOM_ROBOT_MODEL, type RobotModelChoice, readCustomRobotModel } from '../lib/custom-robot-model.ts';
import { fleetSizeOf } from '../lib/fleet-size.ts';
import { parseIdParam } from '../lib/scenario-records.ts';
import {
  defaultSolveSettings,
  readSolveSettings,
  solveSettingsFromParameters,
  solveSettingsReducer,
  type SolveSettingsProblems,
} from '../lib/solve-settings.ts';

/** A sweep of 10 points at 30 s each takes minutes, not hours, on one worker. */
const DEFAULT_EXPERIMENT_TIME_LIMIT_S = 30;
const DEFAULT_COMPARED: AlgorithmName[] = ['greedy_distance', 'auction', 'makespan'];
const DEFAULT_COMPARED_MODELS: RobotModelChoice[] = ['drive-unit', 'amr'];
/** The comparison's check boxes: every preset, then the planner's own figures (set under the settings). */
const COMPARABLE_MODELS: readonly { readonly name: RobotModelChoice; readonly label: string }[] = [
  ...ROBOT_MODEL_PRESETS,
  { name: CUSTOM_ROBOT_MODEL, label: 'Custom figures (set below)' },
];

interface FormErrors extends SolveSettingsProblems {
  scenario?: string;
  task?: string;
  name?: string;
  algorithms?: string;
  robotCounts?: string;
  chargerCounts?: string;
  rates?: string;
  p95Target?: string;
  robotModels?: string;
  target?: string;
}

/** What each kind's points vary, in the sentence over the shared settings. */
const POINTS_VARY: Readonly<Record<ExperimentKind, string>> = {
  fleet_sweep: 'fleet size',
  charger_sweep: 'chargers per station',
  rate_sweep: 'orders per hour',
  algorithm_comparison: 'algorithm',
  robot_model_comparison: 'robot model (and fleet size, when robot counts are given)',
};

export default function ExperimentCreatePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const scenarios = useScenarios();
  const createExperiment = useCreateExperiment();
  // 'Sweep this solve' on a solve's results page: the sweep starts from that solve's settings.
  const fromSolveId = parseIdParam(searchParams.get('solve_id'));
  const fromSolve = useSolve(fromSolveId);
  // A solve to copy chooses the scenario itself; the first scenario is preselected only without one.
  const copyChoosesScenario = fromSolveId !== null && !fromSolve.isError;

  const [scenarioId, setScenarioId] = useState(searchParams.get('scenario_id') ?? '');
  const [taskId, setTaskId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [kind, setKind] = useState<ExperimentKind>('fleet_sweep');
  const [algorithm, setAlgorithm] = useState<AlgorithmName>('makespan');
  const [compared, setCompared] = useState<AlgorithmName[]>(DEFAULT_COMPARED);
  const [robotCounts, setRobotCounts] = useState('');
  const [chargerCounts, setChargerCounts] = useState('1..4');
  const [rates, setRates] = useState('');
  const [comparedModels, setComparedModels] = useState<RobotModelChoice[]>(DEFAULT_COMPARED_MODELS);
  const [modelRobotCounts, setModelRobotCounts] = useState('');
  const [target, setTarget] = useState('');
  const [p95TargetMinutes, setP95TargetMinutes] = useState(DEFAULT_P95_TARGET_MINUTES);
  // Every point's robots accelerate, brake and turn, as a new solve's do (a copied solve keeps its own model).
  const [settings, dispatchSettings] = useReducer(solveSettingsReducer, DEFAULT_EXPERIMENT_TIME_LIMIT_S, (timeLimitS) =>
    defaultSolveSettings(timeLimitS, FORM_DEFAULT_ROBOT_MODEL),
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);

  const scenario = scenarios.data?.find((candidate) => String(candidate.id) === scenarioId);
  const tasks = useTasks(scenarioId || null, { enabled: scenarioId !== '' });
  const environment = useEnvironment(scenario?.environment_id);
  const fleetSize = useMemo(() => fleetSizeOf(environment.data), [environment.data]);
  const robotsInEnvironment = fleetSize?.drawn ?? null;
  // The fleets the points plan with (a fleet sweep's counts once they read), for the battery reserve's hint.
  const scenarioRobotCount = scenario?.parameters?.robot_count;
  const fleet = useMemo(() => {
    if (!environment.data) return null;
    const swept =
      kind === 'fleet_sweep'
        ? parseRobotCounts(robotCounts, fleetSize)
        : kind === 'robot_model_comparison' && modelRobotCounts.trim() !== ''
          ? parseRobotCounts(modelRobotCounts, fleetSize)
          : null;
    const fleets = swept && 'counts' in swept ? swept.counts : [solveFleetSize(environment.data, scenarioRobotCount)];
    return fleetOnFloor(environment.data, fleets);
  }, [environment.data, kind, robotCounts, modelRobotCounts, fleetSize, scenarioRobotCount]);

  // The copied solve fills the form once: its scenario, task, algorithm and every setting.
  const copiedFrom = useRef<number | null>(null);
  useEffect(() => {
    const solve = fromSolve.data;
    if (!solve || copiedFrom.current === solve.id) return;
    copiedFrom.current = solve.id;
    setScenarioId(String(solve.scenario_id));
    setTaskId(String(solve.task_id));
    setName(`Sweep of ${solve.name}`);
    if (solve.parameters?.algorithm_type) setAlgorithm(solve.parameters.algorithm_type);
    if (solve.parameters)
      dispatchSettings({ type: 'replace', settings: solveSettingsFromParameters(solve.parameters) });
  }, [fromSolve.data]);
  // First scenario preselected once the list arrives.
  useEffect(() => {
    if (!scenarioId && !copyChoosesScenario && scenarios.data && scenarios.data.length > 0)
      setScenarioId(String(scenarios.data[0].id));
  }, [scenarios.data, scenarioId, copyChoosesScenario]);
  // A task of the chosen scenario: the first one, whenever the scenario changes.
  useEffect(() => {
    const list = tasks.data;
    if (!list) return;
    if (!list.some((task) => String(task.id) === taskId)) setTaskId(list.length > 0 ? String(list[0].id) : '');
  }, [tasks.data, taskId]);
  // The whole range of fleet sizes as a starting point.
  useEffect(() => {
    if (robotsInEnvironment !== null) setRobotCounts(`1..${robotsInEnvironment}`);
  }, [robotsInEnvironment]);

  function toggleCompared(candidate: AlgorithmName) {
    setCompared((current) =>
      current.includes(candidate)
        ? current.filter((item) => item !== candidate)
        : algorithmNameValues.filter((item) => item === candidate || current.includes(item)),
    );
  }

  function toggleModel(candidate: RobotModelChoice) {
    setComparedModels((current) =>
      current.includes(candidate)
        ? current.filter((item) => item !== candidate)
        : COMPARABLE_MODELS.map((model) => model.name).filter((item) => item === candidate || current.includes(item)),
    );
  }
  const customCompared = kind === 'robot_model_comparison' && comparedModels.includes(CUSTOM_ROBOT_MODEL);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FormErrors = {};
    if (!scenarioId) found.scenario = 'Please select a scenario';
    if (!taskId) found.task = 'Please select a task';
    if (!name.trim()) found.name = 'Name is required';
    const read = readSolveSettings(settings, {
      chargersSetByPoints: kind === 'charger_sweep',
      rateSetByPoints: kind === 'rate_sweep',
      robotModelSetByPoints: kind === 'robot_model_comparison',
    });
    Object.assign(found, read.problems);
    // Compared custom figures carry Robot Speed as their own top speed: the record says what each model drove at.
    const custom = customCompared ? readCustomRobotModel(settings.customModel) : null;
    if (custom && Object.keys(custom.problems).length > 0) Object.assign(found, { customModel: custom.problems });
    const robotModels: RobotModelParameter[] = comparedModels.flatMap((model): RobotModelParameter[] =>
      model !== CUSTOM_ROBOT_MODEL
        ? [model]
        : custom?.model
          ? [{ ...custom.model, top_speed_m_s: read.parameters.robot_speed }]
          : [],
    );
    let counts: number[] = [];
    let p95TargetS: number | undefined;
    let targetValue: number | undefined;
    if (kind === 'fleet_sweep' && read.parameters.shift) {
      const parsed = parseP95TargetMinutes(p95TargetMinutes);
      if ('error' in parsed) found.p95Target = parsed.error;
      else p95TargetS = parsed.seconds;
    }
    if (kind === 'rate_sweep') {
      const parsed = parseRates(rates);
      if ('error' in parsed) found.rates = parsed.error;
      else counts = parsed.rates;
    } else if (kind === 'fleet_sweep') {
      const parsed = parseRobotCounts(robotCounts, fleetSize);
      if ('error' in parsed) found.robotCounts = parsed.error;
      else counts = parsed.counts;
    } else if (kind === 'charger_sweep') {
      const parsed = parseChargerCounts(chargerCounts);
      if ('error' in parsed) found.chargerCounts = parsed.error;
      else counts = parsed.counts;
    } else if (kind === 'robot_model_comparison') {
      if (comparedModels.length < 2) found.robotModels = 'Choose at least 2 robot models';
      if (modelRobotCounts.trim() !== '') {
        const parsed = parseRobotCounts(modelRobotCounts, fleetSize);
        if ('error' in parsed) found.robotCounts = parsed.error;
        else counts = parsed.counts;
      }
      if (target.trim() !== '') {
        const value = Number(target);
        if (!Number.isFinite(value) || value <= 0) found.target = 'The target must be a number above 0';
        else targetValue = value;
      }
    } else if (compared.length < 2) {
      found.algorithms = 'Choose at least 2 algorithms';
    }
    setErrors(found);
    setSubmitError(null);
    if (Object.keys(found).length > 0) return;

    // A robot-model comparison's points each set their own robot model.
    const { robot_model: _model, ...withoutModel } = read.parameters;
    const common = {
      name: name.trim(),
      description: description.trim(),
      scenario_id: Number(scenarioId),
      task_id: Number(taskId),
      parameters: kind === 'robot_model_comparison' ? withoutModel : read.parameters,
    };
    const shiftComparison = read.parameters.shift !== undefined;
    const body: NewExperiment =
      kind === 'fleet_sweep'
        ? {
            ...common,
            kind,
            algorithm,
            robot_counts: counts,
            ...(p95TargetS !== undefined ? { cycle_p95_target_s: p95TargetS } : {}),
          }
        : kind === 'charger_sweep'
          ? { ...common, kind, algorithm, charger_counts: counts }
          : kind === 'rate_sweep' && read.parameters.shift
            ? // Each point sets its own rate, so the shift is sent without one.
              {
                ...common,
                parameters: { ...read.parameters, shift: withoutRate(read.parameters.shift) },
                kind,
                algorithm,
                rates: counts,
              }
            : kind === 'robot_model_comparison'
              ? {
                  ...common,
                  kind,
                  algorithm,
                  robot_models: robotModels,
                  ...(counts.length > 0 ? { robot_counts: counts } : {}),
                  ...(targetValue === undefined
                    ? {}
                    : shiftComparison
                      ? { target_throughput_per_h: targetValue }
                      : { target_makespan_s: targetValue * 60 }),
                }
              : { ...common, kind, algorithms: compared };
    try {
      const created = await createExperiment.mutateAsync(body);
      void navigate(`/experiments/${created.id}`);
    } catch (error) {
      const detail = isApiError(error) && error.detail ? ` ${error.detail}` : '';
      setSubmitError(`Failed to create experiment. Please try again.${detail}`);
    }
  }

  if (scenarios.isPending) return <FullPageSpinner label="Loading scenarios" />;

  return (
    <div className="max-w-3xl">
      <PageHeader title="New Experiment" description="One solve per robot count or per algorithm, on the same task." />
      {scenarios.data && scenarios.data.length === 0 ? (
        <div className={`${card} p-6`}>
          <p className="text-slate-300">You need a scenario with tasks first.</p>
          <Link to="/scenarios/create" className={`${buttonPrimary} mt-4`}>
            Create Scenario
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit} className={`${card} space-y-5 p-6`}>
          {submitError && <Alert tone="error">{submitError}</Alert>}
          <TextField
            label="Name"
            required
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextAreaField
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <SelectField
            label="Scenario"
            required
            value={scenarioId}
            error={errors.scenario}
            onChange={(event) => setScenarioId(event.target.value)}
          >
            <option value="">Select a scenario</option>
            {(scenarios.data ?? []).map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Task"
            required
            value={taskId}
            error={errors.task}
            hint={tasks.data && tasks.data.length === 0 ? 'This scenario has no tasks yet.' : undefined}
            onChange={(event) => setTaskId(event.target.value)}
          >
            <option value="">Select a task</option>
            {(tasks.data ?? []).map((task) => (
              <option key={task.id} value={String(task.id)}>
                {task.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Kind" value={kind} onChange={(event) => setKind(event.target.value as ExperimentKind)}>
            {(Object.keys(EXPERIMENT_KINDS) as ExperimentKind[]).map((value) => (
              <option key={value} value={value}>
                {EXPERIMENT_KINDS[value].label}
              </option>
            ))}
          </SelectField>
          {kind !== 'algorithm_comparison' ? (
            <>
              <SelectField
                label="Algorithm"
                value={algorithm}
                onChange={(event) => setAlgorithm(event.target.value as AlgorithmName)}
              >
                {algorithmNameValues.map((value) => (
                  <option key={value} value={value}>
                    {ALGORITHM_BY_NAME[value].label}
                  </option>
                ))}
              </SelectField>
              {kind === 'fleet_sweep' ? (
                <TextField
                  label="Robot Counts"
                  value={robotCounts}
                  error={errors.robotCounts}
                  hint={`A range like '1..8' or a list like '2, 4, 8'${fleetSize !== null ? `; ${fleetSize.drawn} robots are drawn, more park beside the stations, up to ${fleetSize.max}` : ''}.`}
                  onChange={(event) => setRobotCounts(event.target.value)}
                />
              ) : kind === 'robot_model_comparison' ? (
                <>
                  <fieldset
                    className="space-y-2"
                    aria-describedby={errors.robotModels ? 'compared-models-error' : 'compared-models-hint'}
                  >
                    <legend className="text-sm font-medium text-slate-200">Robot Models</legend>
                    <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
                      {COMPARABLE_MODELS.map((model) => (
                        <label key={model.name} className="flex items-center gap-2 text-sm text-slate-200">
                          <input
                            type="checkbox"
                            checked={comparedModels.includes(model.name)}
                            onChange={() => toggleModel(model.name)}
                          />
                          {model.label}
                        </label>
                      ))}
                    </div>
                    <p id="compared-models-hint" className="text-xs text-slate-400">
                      The same layout, orders and algorithm with each model. Custom figures: your robot’s, set under
                      Settings of every point (its top speed is Robot Speed).
                    </p>
                    {errors.robotModels && (
                      <p id="compared-models-error" className="text-sm text-red-300">
                        {errors.robotModels}
                      </p>
                    )}
                  </fieldset>
                  <TextField
                    label="Robot Counts"
                    value={modelRobotCounts}
                    error={errors.robotCounts}
                    placeholder="e.g. 1..6"
                    hint={`Optional: each model runs at each count (a range like '1..6' or a list like '2, 4'); empty: the scenario's fleet${fleetSize !== null ? `; at most ${fleetSize.max}` : ''}.`}
                    onChange={(event) => setModelRobotCounts(event.target.value)}
                  />
                  <TextField
                    label={settings.shift.enabled ? 'Target Throughput (deliveries/h)' : 'Target Makespan (min)'}
                    type="number"
                    min={0}
                    step="any"
                    value={target}
                    error={errors.target}
                    hint={
                      settings.shift.enabled
                        ? 'Optional: the answer is the fewest robots each model needs to deliver this many orders per hour.'
                        : 'Optional: the answer is the fewest robots each model needs to finish the orders within this many minutes.'
                    }
                    onChange={(event) => setTarget(event.target.value)}
                  />
                </>
              ) : kind === 'rate_sweep' ? (
                <TextField
                  label="Rates (orders/h)"
                  value={rates}
                  error={errors.rates}
                  placeholder="e.g. 300, 600, 900, 1200"
                  hint="A list of orders per hour: one shift per rate, on the scenario's fleet. The answer is the highest rate whose backlog stays stable."
                  onChange={(event) => setRates(event.target.value)}
                />
              ) : (
                <TextField
                  label="Chargers per Station"
                  value={chargerCounts}
                  error={errors.chargerCounts}
                  hint="A range like '1..4' or a list like '1, 2, 4': one solve per count, on the scenario's fleet."
                  onChange={(event) => setChargerCounts(event.target.value)}
                />
              )}
            </>
          ) : (
            <fieldset className="space-y-2" aria-describedby={errors.algorithms ? 'compared-error' : undefined}>
              <legend className="text-sm font-medium text-slate-200">Algorithms</legend>
              <div className="grid grid-cols-2 gap-2">
                {algorithmNameValues.map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm text-slate-200">
                    <input type="checkbox" checked={compared.includes(value)} onChange={() => toggleCompared(value)} />
                    {ALGORITHM_BY_NAME[value].label}
                  </label>
                ))}
              </div>
              {errors.algorithms && (
                <p id="compared-error" className="text-sm text-red-300">
                  {errors.algorithms}
                </p>
              )}
            </fieldset>
          )}
          <ShiftSettingsFields
            settings={settings.shift}
            dispatch={dispatchSettings}
            problems={errors.shift}
            rateSetByPoints={kind === 'rate_sweep'}
          />
          {kind === 'fleet_sweep' && settings.shift.enabled && (
            <TextField
              label="P95 Target (min)"
              type="number"
              min={0}
              step="any"
              value={p95TargetMinutes}
              error={errors.p95Target}
              hint="The sweep answers how many robots hold the shift's rate with a stable backlog and 95% of orders delivered within this many minutes of their release."
              onChange={(event) => setP95TargetMinutes(event.target.value)}
            />
          )}
          <fieldset className="space-y-3 border-t border-slate-800 pt-5">
            <legend className="text-sm font-semibold text-slate-200">Settings of every point</legend>
            <p className="text-xs text-slate-400">
              The same advanced settings as a solve; each point runs with them and its own {POINTS_VARY[kind]}.
              {fromSolve.data && ` Copied from the solve '${fromSolve.data.name}'.`}
            </p>
            <SolveSettingsFields
              settings={settings}
              dispatch={dispatchSettings}
              problems={errors}
              chargersSetByPoints={kind === 'charger_sweep'}
              robotModelSetByPoints={kind === 'robot_model_comparison'}
              customModelCompared={customCompared}
              timeLimitHint="Per solve, 1 to 3600; Genetic and Makespan search this long, the others finish sooner."
              fleetOnFloor={fleet}
            />
          </fieldset>
          <div className="flex justify-end gap-3 pt-2">
            <button type="button" className={buttonSecondary} onClick={() => navigate('/experiments')}>
              Cancel
            </button>
            <button type="submit" className={buttonPrimary} disabled={createExperiment.isPending}>
              {createExperiment.isPending ? 'Starting…' : 'Start Experiment'}
            </button>
          </div>
        </form>
      )}
      <p className="mt-4 text-sm text-slate-500">
        <Link to="/experiments" className={linkText}>
          Back to Experiments
        </Link>
      </p>
    </div>
  );
}
