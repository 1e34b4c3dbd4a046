import type { EnvironmentSummary, Scenario } from '../../api/types.ts';
import { scenarioEnvironmentName } from '../../lib/scenario-records.ts';
import { SelectField } from './form-field.tsx';

interface ScenarioSelectFieldProps {
  readonly scenarios: readonly Scenario[] | undefined;
  /** Names the environment of scenarios whose record does not embed it. */
  readonly environments: EnvironmentSummary[] | undefined;
  readonly value: string;
  readonly error?: string;
  readonly onSelect: (scenarioId: string) => void;
}

/** The required Scenario picker of the task and solve forms: each option names its environment too. */
export function ScenarioSelectField({ scenarios, environments, value, error, onSelect }: ScenarioSelectFieldProps) {
  return (
    <SelectField
      label="Scenario"
      required
      value={value}
      error={error}
      onChange={(event) => onSelect(event.target.value)}
    >
      <option value="">Select a scenario</option>
      {(scenarios ?? []).map((scenario) => (
        <option key={scenario.id} value={String(scenario.id)}>
          {scenario.name} ({scenarioEnvironmentName(scenario, environments)})
        </option>
      ))}
    </SelectField>
  );
}
