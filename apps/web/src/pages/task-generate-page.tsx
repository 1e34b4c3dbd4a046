import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import {
  useEnvironment,
  useEnvironments,
  useGenerateTasks,
  useSaveTasks,
  useScenarios,
  useTaskGenerator,
} from '../api/hooks.ts';
import type { GeneratedTask } from '../api/types.ts';
import { Alert } from '../components/ui/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../components/ui/form-field.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { ScenarioSelectField } from '../components/ui/scenario-select-field.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonPrimary, card } from '../components/ui/styles.ts';
import { parseIdParam } from '../lib/scenario-records.ts';
import { parseBoundedNumber, type NumberFieldRule } from '../lib/solve-form.ts';
import { GeneratedTasksPreview } from '../tasks/generated-tasks-preview.tsx';
import { generatorInUseText } from '../tasks/task-pairs.ts';

/** Spec §5/§9: at least 1 task, 5 when the input is not a number; the server generates up to 1000. */
const NUMBER_OF_TASKS_RULE: NumberFieldRule = { min: 1, max: 1000, fallback: 5 };

/** The server's own words (e.g. why the language model failed) after the spec's message. */
function serverDetailOf(error: unknown): string | null {
  return isApiError(error) ? (error.detail ?? null) : null;
}

interface Preview {
  scenarioId: number;
  environmentId: number;
  tasks: GeneratedTask[];
}

/** /tasks/generate: generate a preview of tasks for a scenario, then save them all (spec §2, §4). */
export default function TaskGeneratePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const scenarios = useScenarios();
  const environments = useEnvironments();
  const generateTasks = useGenerateTasks();
  const saveTasks = useSaveTasks();
  const generator = useTaskGenerator();

  const [scenarioId, setScenarioId] = useState(() => parseIdParam(searchParams.get('scenario_id')) ?? '');
  const [taskName, setTaskName] = useState('');
  const [numberOfTasks, setNumberOfTasks] = useState(String(NUMBER_OF_TASKS_RULE.fallback));
  const [description, setDescription] = useState('');
  const [scenarioError, setScenarioError] = useState<string | undefined>();
  const [failure, setFailure] = useState<{ message: string; detail: string | null } | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const previewEnvironment = useEnvironment(preview?.environmentId);

  useEffect(() => {
    if (scenarios.isError) console.error('Failed to load scenarios', scenarios.error);
  }, [scenarios.isError, scenarios.error]);

  // The scenario's order volume is its default number of pairs: prefilled once per chosen scenario.
  const prefilledFor = useRef<string | null>(null);
  useEffect(() => {
    const scenario = scenarios.data?.find((candidate) => String(candidate.id) === scenarioId);
    if (!scenario || prefilledFor.current === scenarioId) return;
    prefilledFor.current = scenarioId;
    if (scenario.parameters.order_volume !== undefined) setNumberOfTasks(String(scenario.parameters.order_volume));
  }, [scenarios.data, scenarioId]);

  async function handleGenerate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const scenario = scenarios.data?.find((candidate) => String(candidate.id) === scenarioId);
    setScenarioError(scenario ? undefined : 'Please select a scenario');
    if (!scenario) return;
    const count = Math.round(parseBoundedNumber(numberOfTasks, NUMBER_OF_TASKS_RULE));
    setNumberOfTasks(String(count));
    try {
      const tasks = await generateTasks.mutateAsync({
        scenario_id: scenario.id,
        num_tasks: count,
        task_type: 'pickup_delivery',
        name: taskName.trim() || undefined,
        description: description.trim() || undefined,
      });
      setPreview({ scenarioId: scenario.id, environmentId: scenario.environment_id, tasks });
    } catch (error) {
      setPreview(null);
      setFailure({ message: 'Failed to generate tasks. Please try again.', detail: serverDetailOf(error) });
    }
  }

  async function handleSave() {
    if (!preview) return;
    setFailure(null);
    try {
      await saveTasks.mutateAsync(preview.tasks.map((task) => ({ ...task, scenario_id: preview.scenarioId })));
      void navigate(`/tasks?scenario_id=${preview.scenarioId}`);
    } catch (error) {
      setFailure({ message: 'Failed to save tasks. Please try again.', detail: serverDetailOf(error) });
    }
  }

  if (scenarios.isPending) return <FullPageSpinner label="Loading scenarios" />;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Generate Tasks with AI"
        description="Describe the work and get pickup-and-delivery tasks that use your layout's real pickups and drop-offs."
      />
      {generator.data && (
        <p
          data-testid="task-generator"
          className="max-w-3xl rounded-lg border border-slate-800 bg-slate-900/60 px-4 py-3 text-sm text-slate-300"
        >
          {generatorInUseText(generator.data)}
        </p>
      )}
      <form noValidate onSubmit={handleGenerate} className={`${card} grid max-w-3xl gap-5 p-6 sm:grid-cols-2`}>
        <div className="sm:col-span-2">
          <ScenarioSelectField
            scenarios={scenarios.data}
            environments={environments.data}
            value={scenarioId}
            error={scenarioError}
            onSelect={setScenarioId}
          />
        </div>
        <TextField label="Task Name" value={taskName} onChange={(event) => setTaskName(event.target.value)} />
        <TextField
          label="Number of Tasks"
          type="number"
          inputMode="numeric"
          min={NUMBER_OF_TASKS_RULE.min}
          max={NUMBER_OF_TASKS_RULE.max}
          value={numberOfTasks}
          onChange={(event) => setNumberOfTasks(event.target.value)}
        />
        <SelectField label="Task Type" value="pickup_delivery" onChange={() => undefined}>
          <option value="pickup_delivery">Pickup &amp; Delivery</option>
        </SelectField>
        <div className="sm:col-span-2">
          <TextAreaField
            label="Description"
            value={description}
            placeholder="e.g. Peak hour: the fast movers on shelf S3 and dock D1 are busiest"
            hint="Steers which shelves and drop-offs are busy. Words like 'peak', 'busy' or 'fast movers' give the built-in generator its hot-spot profile."
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="flex items-end justify-end sm:col-span-2">
          <button type="submit" className={buttonPrimary} disabled={generateTasks.isPending}>
            {generateTasks.isPending ? 'Generating…' : 'Generate'}
          </button>
        </div>
      </form>

      {failure && (
        <Alert tone="error">
          <p>{failure.message}</p>
          {failure.detail && <p className="mt-1 text-xs text-red-300/90">{failure.detail}</p>}
        </Alert>
      )}

      {preview && (
        <GeneratedTasksPreview
          tasks={preview.tasks}
          environment={previewEnvironment.data}
          saving={saveTasks.isPending}
          onSave={() => void handleSave()}
          onDiscard={() => setPreview(null)}
        />
      )}
    </div>
  );
}
