import { useState, type FormEvent } from 'react';
import type { ScenarioRecord } from '@fleetlab/warehouse';
import { Alert } from '../components/ui/alert.tsx';
import { buttonPrimary, buttonSecondary, card } from '../components/ui/styles.ts';
import { useUpdateScenario } from '../api/hooks.ts';
import type { FleetSize } from '../lib/fleet-size.ts';
import { ScenarioParameterFields } from './scenario-parameter-fields.tsx';
import { parseScenarioParameters, robotCountLabel, type ScenarioParameterErrors } from './scenario-parameters.ts';

/** The scenario's Order Volume and Robot Count, shown and edited in place on the scenario page. */
export function ScenarioParametersPanel({ scenario, fleet }: { scenario: ScenarioRecord; fleet: FleetSize | null }) {
  const updateScenario = useUpdateScenario();
  const [editing, setEditing] = useState(false);
  const [orderVolume, setOrderVolume] = useState('');
  const [robotCount, setRobotCount] = useState('');
  const [errors, setErrors] = useState<ScenarioParameterErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);

  function startEditing() {
    setOrderVolume(scenario.parameters.order_volume === undefined ? '' : String(scenario.parameters.order_volume));
    setRobotCount(scenario.parameters.robot_count === undefined ? '' : String(scenario.parameters.robot_count));
    setErrors({});
    setSaveError(null);
    setEditing(true);
  }

  async function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseScenarioParameters(orderVolume, robotCount, fleet);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setSaveError(null);
    try {
      await updateScenario.mutateAsync({ id: scenario.id, changes: { parameters: parsed.parameters } });
      setEditing(false);
    } catch {
      setSaveError('Failed to save scenario parameters. Please try again.');
    }
  }

  return (
    <section className={`${card} p-5`} aria-labelledby="scenario-parameters-heading">
      <div className="flex items-center justify-between gap-4">
        <h2 id="scenario-parameters-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-400">
          Parameters
        </h2>
        {!editing && (
          <button type="button" className={buttonSecondary} onClick={startEditing}>
            Edit Parameters
          </button>
        )}
      </div>
      {editing ? (
        <form noValidate onSubmit={handleSave} className="mt-4 space-y-4">
          {saveError && <Alert tone="error">{saveError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <ScenarioParameterFields
              orderVolume={orderVolume}
              robotCount={robotCount}
              errors={errors}
              fleet={fleet}
              robotCountHint={`Empty = all robots drawn on the environment${fleet ? `; at most ${fleet.max}` : ''}.`}
              onOrderVolumeChange={setOrderVolume}
              onRobotCountChange={setRobotCount}
            />
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={() => setEditing(false)}>
              Cancel
            </button>
            <button type="submit" className={buttonPrimary} disabled={updateScenario.isPending}>
              Save Parameters
            </button>
          </div>
        </form>
      ) : (
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-slate-800/60 px-3 py-2">
            <dt className="text-xs text-slate-400">Order Volume</dt>
            <dd className="font-semibold text-white">{scenario.parameters.order_volume ?? 'Not set'}</dd>
          </div>
          <div className="rounded-lg bg-slate-800/60 px-3 py-2">
            <dt className="text-xs text-slate-400">Robots</dt>
            <dd className="font-semibold text-white">{robotCountLabel(scenario.parameters.robot_count, fleet)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
