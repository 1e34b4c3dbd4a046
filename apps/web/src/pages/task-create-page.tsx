import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useEnvironment, useEnvironments, useSaveTasks, useScenarios } from '../api/hooks.ts';
import type { PickupDropoffPair } from '../api/types.ts';
import { Alert } from '../components/ui/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../components/ui/form-field.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { ScenarioSelectField } from '../components/ui/scenario-select-field.tsx';
import { FullPageSpinner, Spinner } from '../components/ui/spinner.tsx';
import { buttonPrimary, buttonSecondary, card } from '../components/ui/styles.ts';
import { parseIdParam } from '../lib/scenario-records.ts';
import { CsvPairsImport, type CsvImportResult } from '../tasks/csv-pairs-import.tsx';
import { PairsTable } from '../tasks/pairs-table.tsx';
import { PointPickerMap } from '../tasks/point-picker-map.tsx';
import { pairCatalogOf, pairRowsOf, releaseTimesOf, taskEndpointsOf } from '../tasks/task-pairs.ts';

/** Priority given to hand-built tasks, the same as generated ones. */
const MANUAL_TASK_PRIORITY = 'medium';

interface FormErrors {
  scenario?: string;
  pairs?: string;
}

/**
 * /tasks/create?scenario_id={id}: build one pickup-and-delivery task by hand, by clicking a
 * pickup then a dropoff on the map, by picking from lists, or by importing a CSV of
 * `pickup_id,dropoff_id` rows. Saving posts /tasks/batch with the one task.
 */
export default function TaskCreatePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const scenarios = useScenarios();
  const environments = useEnvironments();
  const saveTasks = useSaveTasks();

  const [scenarioId, setScenarioId] = useState(() => parseIdParam(searchParams.get('scenario_id')) ?? '');
  const [taskName, setTaskName] = useState('');
  const [description, setDescription] = useState('');
  const [pairs, setPairs] = useState<PickupDropoffPair[]>([]);
  // Each pair's release time in a shift (from a CSV's release_s column); undefined: none given.
  const [releases, setReleases] = useState<(number | undefined)[]>([]);
  const [selectedPickupId, setSelectedPickupId] = useState<string | null>(null);
  const [listPickupId, setListPickupId] = useState('');
  const [listDropoffId, setListDropoffId] = useState('');
  const [csvErrors, setCsvErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<FormErrors>({});
  const [saveFailed, setSaveFailed] = useState(false);

  const scenario = scenarios.data?.find((candidate) => String(candidate.id) === scenarioId);
  const environment = useEnvironment(scenario?.environment_id);
  const catalog = useMemo(() => pairCatalogOf(environment.data), [environment.data]);
  const pickups = environment.data?.elements?.pickups ?? [];
  const dropoffs = environment.data?.elements?.dropoffs ?? [];

  function addPair(pair: PickupDropoffPair, how: string) {
    setPairs((current) => [...current, pair]);
    setReleases((current) => [...current, undefined]);
    setFormErrors((current) => ({ ...current, pairs: undefined }));
    setNotice(`Added ${pair[0]} → ${pair[1]} ${how}.`);
  }

  function handleScenarioChange(nextScenarioId: string) {
    // Pairs name points of one environment; another scenario may have another layout.
    setScenarioId(nextScenarioId);
    setPairs([]);
    setReleases([]);
    setSelectedPickupId(null);
    setListPickupId('');
    setListDropoffId('');
    setCsvErrors([]);
    setNotice(null);
    setFormErrors({});
  }

  function handlePickupClick(pickupId: string) {
    setSelectedPickupId((current) => (current === pickupId ? null : pickupId));
    setNotice(null);
  }

  function handleDropoffClick(dropoffId: string) {
    if (!selectedPickupId) {
      setNotice('Click a pickup first, then a dropoff.');
      return;
    }
    addPair([selectedPickupId, dropoffId], 'from the map');
    setSelectedPickupId(null);
  }

  function handleAddFromLists() {
    if (!listPickupId || !listDropoffId) {
      setNotice('Choose a pickup and a dropoff to add a pair.');
      return;
    }
    addPair([listPickupId, listDropoffId], 'from the lists');
  }

  function handleCsvImported(result: CsvImportResult) {
    setCsvErrors(result.errors);
    if (result.errors.length > 0) {
      setNotice(null);
      return;
    }
    setPairs((current) => [...current, ...result.pairs]);
    setReleases((current) => [...current, ...(result.releaseS ?? result.pairs.map(() => undefined))]);
    setFormErrors((current) => ({ ...current, pairs: undefined }));
    const timed = result.releaseS ? ', each with its release time,' : '';
    setNotice(
      `Imported ${result.pairs.length} pair${result.pairs.length === 1 ? '' : 's'}${timed} from ${result.fileName}.`,
    );
  }

  async function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaveFailed(false);
    const errors: FormErrors = {};
    if (!scenario) errors.scenario = 'Please select a scenario';
    const release = releaseTimesOf(releases);
    if (pairs.length === 0) errors.pairs = 'Add at least one pickup-dropoff pair';
    else if (csvErrors.length > 0)
      errors.pairs = 'Fix the CSV lines listed above and import the file again before saving';
    else if ('problem' in release) errors.pairs = release.problem;
    setFormErrors(errors);
    if (!scenario || errors.pairs || 'problem' in release) return;
    try {
      const [saved] = await saveTasks.mutateAsync([
        {
          name: taskName.trim() || `Manual task for ${scenario.name}`,
          description: description.trim() || null,
          task_type: 'pickup_delivery',
          scenario_id: scenario.id,
          details: {
            tasks: pairs,
            ...(release.releaseS ? { release_s: release.releaseS } : {}),
            ...taskEndpointsOf(pairs, environment.data),
            priority: MANUAL_TASK_PRIORITY,
            additional_details: { source: 'manual' },
          },
        },
      ]);
      void navigate(`/tasks/${saved.id}`);
    } catch {
      setSaveFailed(true);
    }
  }

  if (scenarios.isPending) return <FullPageSpinner label="Loading scenarios" />;

  const environmentHasPoints = pickups.length > 0 && dropoffs.length > 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Create Task"
        description="Build a pickup-and-delivery task by hand: click a pickup, then a dropoff, pick from the lists, or import a CSV."
      />
      <form noValidate onSubmit={(event) => void handleSave(event)} className="space-y-6">
        <div className={`${card} grid gap-5 p-6 sm:grid-cols-2`}>
          <div className="sm:col-span-2">
            <ScenarioSelectField
              scenarios={scenarios.data}
              environments={environments.data}
              value={scenarioId}
              error={formErrors.scenario}
              onSelect={handleScenarioChange}
            />
          </div>
          <TextField
            label="Task Name"
            value={taskName}
            placeholder={scenario ? `Manual task for ${scenario.name}` : undefined}
            onChange={(event) => setTaskName(event.target.value)}
          />
          <TextAreaField
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>

        {scenario && environment.isPending && <Spinner label="Loading the environment" />}
        {scenario && environment.isError && (
          <Alert tone="error">Failed to load environment details. Please try again later.</Alert>
        )}
        {scenario && environment.data && !environmentHasPoints && (
          <Alert tone="error">
            The environment {environment.data.name} has no {pickups.length === 0 ? 'pickup' : 'dropoff'} points; add
            them in the grid editor first.
          </Alert>
        )}

        {scenario && environment.data && environmentHasPoints && (
          <div className="space-y-6">
            <section className={`${card} space-y-3 p-5`} aria-labelledby="pick-on-map-heading">
              <h2 id="pick-on-map-heading" className="text-base font-semibold text-white">
                Pick on the map
              </h2>
              <p className="text-sm text-slate-400">
                {selectedPickupId
                  ? `Pickup ${selectedPickupId} selected: now click a dropoff.`
                  : 'Click a pickup (blue circle), then a dropoff (green square).'}
              </p>
              <PointPickerMap
                environment={environment.data}
                selectedPickupId={selectedPickupId}
                onPickupClick={handlePickupClick}
                onDropoffClick={handleDropoffClick}
              />
            </section>
            <section className={`${card} space-y-5 p-5`} aria-labelledby="pick-from-lists-heading">
              <h2 id="pick-from-lists-heading" className="text-base font-semibold text-white">
                Pick from lists
              </h2>
              <div className="grid gap-6 lg:grid-cols-2">
                <div className="space-y-5">
                  <div className="grid gap-4 sm:grid-cols-2">
                    <SelectField
                      label="Pickup"
                      value={listPickupId}
                      onChange={(event) => setListPickupId(event.target.value)}
                    >
                      <option value="">Select a pickup</option>
                      {pickups.map((pickup) => (
                        <option key={pickup.id} value={pickup.id}>
                          {pickup.id} ({pickup.position[0]}, {pickup.position[1]}) · shelf {pickup.shelf_id}
                        </option>
                      ))}
                    </SelectField>
                    <SelectField
                      label="Dropoff"
                      value={listDropoffId}
                      onChange={(event) => setListDropoffId(event.target.value)}
                    >
                      <option value="">Select a dropoff</option>
                      {dropoffs.map((dropoff) => (
                        <option key={dropoff.id} value={dropoff.id}>
                          {dropoff.id} ({dropoff.position[0]}, {dropoff.position[1]})
                        </option>
                      ))}
                    </SelectField>
                  </div>
                  <button type="button" className={buttonSecondary} onClick={handleAddFromLists}>
                    Add Pair
                  </button>
                </div>
                <CsvPairsImport catalog={catalog} errors={csvErrors} onImported={handleCsvImported} />
              </div>
            </section>
          </div>
        )}

        {notice && <Alert tone="info">{notice}</Alert>}

        <section className={card} aria-labelledby="task-pairs-heading">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-800 px-5 py-4">
            <h2 id="task-pairs-heading" className="text-lg font-semibold text-white">
              Pickup-dropoff pairs ({pairs.length})
            </h2>
            {pairs.length > 0 && (
              <button
                type="button"
                className={buttonSecondary}
                onClick={() => {
                  setPairs([]);
                  setReleases([]);
                }}
              >
                Remove All
              </button>
            )}
          </div>
          {pairs.length > 0 ? (
            <div className="px-2 py-3">
              <PairsTable
                label="Pairs of the new task"
                rows={pairRowsOf(pairs, environment.data)}
                releaseS={releases.some((time) => time !== undefined) ? releases : undefined}
                onRemove={(index) => {
                  setPairs((current) => current.filter((_, position) => position !== index));
                  setReleases((current) => current.filter((_, position) => position !== index));
                }}
              />
            </div>
          ) : (
            <p className="px-5 py-6 text-sm text-slate-400">No pairs yet.</p>
          )}
          {formErrors.pairs && <p className="px-5 pb-4 text-sm text-red-300">{formErrors.pairs}</p>}
        </section>

        {saveFailed && <Alert tone="error">Failed to save tasks. Please try again.</Alert>}

        <div className="flex justify-end gap-2">
          <Link to={scenario ? `/tasks?scenario_id=${scenario.id}` : '/tasks'} className={buttonSecondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonPrimary} disabled={saveTasks.isPending}>
            {saveTasks.isPending ? 'Saving…' : 'Save Task'}
          </button>
        </div>
      </form>
    </div>
  );
}
