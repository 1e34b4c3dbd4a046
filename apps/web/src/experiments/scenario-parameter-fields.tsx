import { TextField } from '../components/ui/form-field.tsx';
import type { FleetSize } from '../lib/fleet-size.ts';
import type { ScenarioParameterErrors } from './scenario-parameters.ts';

interface ScenarioParameterFieldsProps {
  /** The raw inputs, as `parseScenarioParameters` reads them. */
  readonly orderVolume: string;
  readonly robotCount: string;
  readonly errors: ScenarioParameterErrors;
  /** Caps Robot Count at the most the floor takes; null while the environment is unknown. */
  readonly fleet: FleetSize | null;
  readonly orderVolumeHint?: string;
  readonly robotCountHint: string;
  readonly onOrderVolumeChange: (value: string) => void;
  readonly onRobotCountChange: (value: string) => void;
}

/** Order Volume and Robot Count inputs with the bounds `parseScenarioParameters` enforces. */
export function ScenarioParameterFields({
  orderVolume,
  robotCount,
  errors,
  fleet,
  orderVolumeHint,
  robotCountHint,
  onOrderVolumeChange,
  onRobotCountChange,
}: ScenarioParameterFieldsProps) {
  return (
    <>
      <TextField
        label="Order Volume"
        type="number"
        min={1}
        value={orderVolume}
        error={errors.orderVolume}
        hint={orderVolumeHint}
        onChange={(event) => onOrderVolumeChange(event.target.value)}
      />
      <TextField
        label="Robot Count"
        type="number"
        min={1}
        max={fleet?.max}
        value={robotCount}
        error={errors.robotCount}
        hint={robotCountHint}
        onChange={(event) => onRobotCountChange(event.target.value)}
      />
    </>
  );
}
