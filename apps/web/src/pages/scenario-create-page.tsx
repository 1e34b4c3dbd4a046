import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCreateScenario, useEnvironments } from '../api/hooks.ts';
import { Alert } from '../components/ui/alert.tsx';
import { SelectField, TextAreaField, TextField } from '../components/ui/form-field.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { buttonPrimary, buttonSecondary, card, linkText } from '../components/ui/styles.ts';
import { fleetSizeOf } from '../lib/fleet-size.ts';
import { parseIdParam } from '../lib/scenario-records.ts';
import { ScenarioParameterFields } from '../experiments/scenario-parameter-fields.tsx';
import { parseScenarioParameters, type ScenarioParameterErrors } from '../experiments/scenario-parameters.ts';

interface ScenarioFormErrors extends ScenarioParameterErrors {
  environment?: string;
  name?: string;
}

export default function ScenarioCreatePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const requestedEnvironmentId = parseIdParam(searchParams.get('environment_id'));
  const environments = useEnvironments();
  const createScenario = useCreateScenario();

  const [environmentId, setEnvironmentId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [orderVolume, setOrderVolume] = useState('');
  const [robotCount, setRobotCount] = useState('');
  const [errors, setErrors] = useState<ScenarioFormErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);

  // Spec §8: a failed environment list on a create form is only logged.
  useEffect(() => {
    if (environments.isError) console.error('Failed to load environments', environments.error);
  }, [environments.isError, environments.error]);

  // Preselect the environment named in the query, else the first one, once, when the list arrives.
  const preselected = useRef(false);
  useEffect(() => {
    const list = environments.data;
    if (!list || list.length === 0 || preselected.current) return;
    preselected.current = true;
    const requested = list.find((environment) => String(environment.id) === requestedEnvironmentId);
    setEnvironmentId(String((requested ?? list[0]).id));
  }, [environments.data, requestedEnvironmentId]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: ScenarioFormErrors = {};
    if (!environmentId) found.environment = 'Please select an environment';
    if (!name.trim()) found.name = 'Name is required';
    const parsed = parseScenarioParameters(orderVolume, robotCount, fleet);
    if ('errors' in parsed) Object.assign(found, parsed.errors);
    setErrors(found);
    setSubmitError(null);
    if (found.environment || found.name || 'errors' in parsed) return;

    try {
      const created = await createScenario.mutateAsync({
        name: name.trim(),
        description: description.trim(),
        environment_id: Number(environmentId),
        parameters: parsed.parameters,
      });
      void navigate(`/scenarios/${created.id}`);
    } catch {
      setSubmitError('Failed to create scenario. Please try again.');
    }
  }

  const selectedEnvironment = environments.data?.find((environment) => String(environment.id) === environmentId);
  const fleet = useMemo(() => fleetSizeOf(selectedEnvironment), [selectedEnvironment]);

  if (environments.isPending) return <FullPageSpinner label="Loading environments" />;

  return (
    <div className="max-w-2xl">
      <PageHeader title="Create Scenario" description="Tie an environment to the orders and fleet you want to test." />
      {environments.data && environments.data.length === 0 ? (
        <div className={`${card} p-6`}>
          <p className="text-slate-300">You need to create an environment first.</p>
          <Link to="/environments/create" className={`${buttonPrimary} mt-4`}>
            Create Environment
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit} className={`${card} space-y-5 p-6`}>
          {submitError && <Alert tone="error">{submitError}</Alert>}
          <SelectField
            label="Environment"
            required
            value={environmentId}
            error={errors.environment}
            onChange={(event) => setEnvironmentId(event.target.value)}
          >
            <option value="">Select an environment</option>
            {(environments.data ?? []).map((environment) => (
              <option key={environment.id} value={String(environment.id)}>
                {environment.name}
              </option>
            ))}
          </SelectField>
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
          <div className="grid gap-5 sm:grid-cols-2">
            <ScenarioParameterFields
              orderVolume={orderVolume}
              robotCount={robotCount}
              errors={errors}
              fleet={fleet}
              orderVolumeHint="Default number of pickup-dropoff pairs to generate."
              robotCountHint={`Robots solves use, spread over the stations (more than drawn park beside them); empty = all${fleet !== null ? ` ${fleet.drawn}, at most ${fleet.max}` : ''}.`}
              onOrderVolumeChange={setOrderVolume}
              onRobotCountChange={setRobotCount}
            />
          </div>
          <div className="flex justify-end gap-3 pt-2">
            <button type="button" className={buttonSecondary} onClick={() => navigate('/scenarios')}>
              Cancel
            </button>
            <button type="submit" className={buttonPrimary} disabled={createScenario.isPending}>
              {createScenario.isPending ? 'Creating…' : 'Create Scenario'}
            </button>
          </div>
        </form>
      )}
      <p className="mt-4 text-sm text-slate-500">
        Need a different layout?{' '}
        <Link to="/environments/grid-editor" className={linkText}>
          Open the Grid Editor
        </Link>
      </p>
    </div>
  );
}
