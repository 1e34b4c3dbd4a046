import { buildNavigationGraph, skippedLorrTasksText } from '@fleetlab/warehouse';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { useCreateEnvironment, useCreateScenario, useDeleteEnvironment, useSaveTasks } from '../../api/hooks.ts';
import { Alert } from '../ui/alert.tsx';
import { buttonSecondary } from '../ui/styles.ts';
import { lorrProblemFromFiles } from './lorr-problem-files.ts';

/**
 * Import LoRR problem: the problem's JSON chosen together with its map, agents and tasks files
 * becomes an environment (the map's obstacles as shelves, agents' starts as stations, errands as
 * pickups and dropoffs), a scenario on it and a task holding its orders; then the scenario opens.
 * Bad files are refused naming the file and line, and nothing is stored; if a later step fails,
 * the environment made for it is deleted again.
 */
export function LorrProblemImport() {
  const navigate = useNavigate();
  const createEnvironment = useCreateEnvironment();
  const createScenario = useCreateScenario();
  const saveTasks = useSaveTasks();
  const deleteEnvironment = useDeleteEnvironment();
  const inputRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return;
    const texts = new Map(await Promise.all(chosen.map(async (file) => [file.name, await file.text()] as const)));
    const result = lorrProblemFromFiles(texts);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors(null);
    setBusy(true);
    const { name, imported } = result;
    let environmentId: number | null = null;
    try {
      const { layout } = imported;
      const environment = await createEnvironment.mutateAsync({
        name,
        description: `Imported from the League of Robot Runners problem ${name}.json`,
        dimensions: layout.dimensions,
        elements: layout.elements,
        graph: buildNavigationGraph(layout.elements),
      });
      environmentId = environment.id;
      const scenario = await createScenario.mutateAsync({
        name,
        description:
          `${imported.pairs.length} orders from the problem's tasks` +
          (imported.skipped.length > 0 ? `; ${skippedLorrTasksText(imported.skipped)}` : ''),
        environment_id: environment.id,
        parameters: {},
      });
      if (imported.pairs.length > 0) {
        await saveTasks.mutateAsync([
          {
            name: `${name} tasks`,
            task_type: 'pickup_delivery',
            scenario_id: scenario.id,
            details: { tasks: imported.pairs },
          },
        ]);
      }
      await navigate(`/scenarios/${scenario.id}`);
    } catch (error) {
      if (environmentId !== null) await deleteEnvironment.mutateAsync(environmentId).catch(() => undefined);
      setErrors([`The problem could not be stored: ${error instanceof Error ? error.message : String(error)}`]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={buttonSecondary}
        disabled={busy}
        onClick={() => inputRef.current?.click()}
        title="A League of Robot Runners problem: choose its .json together with the map, agents and tasks files"
      >
        {busy ? 'Importing…' : 'Import LoRR problem'}
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept=".json,.map,.agents,.tasks,application/json,text/plain"
        className="hidden"
        aria-label="Import League of Robot Runners problem files"
        onChange={(event) => void onFiles(event)}
      />
      {errors && (
        <div className="basis-full">
          <Alert tone="error">
            <p className="font-semibold">Could not import the problem:</p>
            <ul className="mt-1 list-disc pl-5">
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
    </>
  );
}
