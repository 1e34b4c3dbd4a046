import { useId, type Dispatch } from 'react';
import { DISPATCH_POLICIES, SHIFT_RANGES, type DispatchPolicy } from '@fleetlab/warehouse';
import { formatGrouped } from '../../lib/display-format.ts';
import {
  MAX_SHIFT_SEED,
  type ShiftProblems,
  type ShiftSettings,
  type ShiftSettingsField,
} from '../../lib/shift-settings.ts';
import type { SolveSettingsAction } from '../../lib/solve-settings.ts';
import { SelectField, TextField } from '../ui/form-field.tsx';
import { SetByPointsNote } from './set-by-points-note.tsx';

export interface ShiftSettingsFieldsProps {
  readonly settings: ShiftSettings;
  readonly dispatch: Dispatch<SolveSettingsAction>;
  readonly problems?: ShiftProblems;
  /** A rate sweep runs shifts and gives each point its rate: the switch stays on and the rate fields say so. */
  readonly rateSetByPoints?: boolean;
}

/**
 * 'Run as a shift': orders released over hours instead of one batch, with the shift's length,
 * rate or hourly profile, how orders are handed to robots, and the seed of the order stream.
 * The Create Solve form and the experiment form both show this one.
 */
export function ShiftSettingsFields({
  settings,
  dispatch,
  problems = {},
  rateSetByPoints = false,
}: ShiftSettingsFieldsProps) {
  const switchId = useId();
  const enabled = settings.enabled || rateSetByPoints;
  const change = (field: ShiftSettingsField) => (value: string) =>
    dispatch({ type: 'shift', change: { [field]: value } });
  const policy = DISPATCH_POLICIES.find((candidate) => candidate.name === settings.dispatch);
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-800 p-4" aria-label="Shift">
      <legend className="px-1 text-sm font-semibold text-slate-200">Shift</legend>
      <div className="flex items-start gap-2">
        <input
          id={switchId}
          type="checkbox"
          className="mt-0.5 h-4 w-4 rounded border-slate-600 bg-slate-900 accent-indigo-500"
          checked={enabled}
          disabled={rateSetByPoints}
          aria-describedby={`${switchId}-hint`}
          onChange={(event) => dispatch({ type: 'shift', change: { enabled: event.target.checked } })}
        />
        <div>
          <label htmlFor={switchId} className="text-sm font-medium text-slate-200">
            Run as a shift
          </label>
          <p id={`${switchId}-hint`} className="text-xs text-slate-400">
            {rateSetByPoints
              ? 'A rate sweep runs shifts: each point releases orders at its own rate.'
              : 'Orders keep arriving over the shift instead of one batch known at the start; the results show throughput, cycle times and the backlog.'}
          </p>
        </div>
      </div>
      {enabled && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Shift Length (h)"
            type="number"
            min={SHIFT_RANGES.hours.min}
            max={SHIFT_RANGES.hours.max}
            step={0.25}
            value={settings.hours}
            hint={`${SHIFT_RANGES.hours.min} to ${SHIFT_RANGES.hours.max} hours.`}
            error={problems.hours}
            onChange={(event) => change('hours')(event.target.value)}
          />
          {rateSetByPoints ? (
            <SetByPointsNote label="Orders per Hour" sweep="rate sweep" />
          ) : (
            <>
              <TextField
                label="Orders per Hour"
                type="number"
                min={SHIFT_RANGES.orders_per_hour.min}
                max={SHIFT_RANGES.orders_per_hour.max}
                step="any"
                value={settings.ordersPerHour}
                hint={`Released at random (Poisson), each a pair of the task; ${formatGrouped(SHIFT_RANGES.orders_per_hour.min)} to ${formatGrouped(SHIFT_RANGES.orders_per_hour.max)}. With an hourly profile, the profile's rates are used.`}
                error={problems.ordersPerHour}
                onChange={(event) => change('ordersPerHour')(event.target.value)}
              />
              <TextField
                label="Hourly Profile (orders/h)"
                value={settings.profile}
                placeholder="e.g. 600, 1200, 900"
                hint="Optional: one rate per started hour of the shift, a peak or a lull; blank: every hour at Orders per Hour."
                error={problems.profile}
                onChange={(event) => change('profile')(event.target.value)}
              />
            </>
          )}
          <SelectField
            label="Dispatch"
            value={settings.dispatch}
            hint={policy?.hint}
            onChange={(event) =>
              dispatch({ type: 'shift', change: { dispatch: event.target.value as DispatchPolicy } })
            }
          >
            {DISPATCH_POLICIES.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.label}
              </option>
            ))}
          </SelectField>
          {settings.dispatch === 'reoptimise' && (
            <TextField
              label="Re-optimise Every (s)"
              type="number"
              min={SHIFT_RANGES.reoptimise_every_s.min}
              max={SHIFT_RANGES.reoptimise_every_s.max}
              step={1}
              value={settings.reoptimiseEvery}
              hint={`Seconds of shift time between re-plans, ${SHIFT_RANGES.reoptimise_every_s.min} to ${formatGrouped(SHIFT_RANGES.reoptimise_every_s.max)}.`}
              error={problems.reoptimiseEvery}
              onChange={(event) => change('reoptimiseEvery')(event.target.value)}
            />
          )}
          <TextField
            label="Seed"
            type="number"
            min={0}
            max={MAX_SHIFT_SEED}
            step={1}
            value={settings.seed}
            hint="The same seed releases the same orders at the same times, so runs compare fairly."
            error={problems.seed}
            onChange={(event) => change('seed')(event.target.value)}
          />
        </div>
      )}
    </fieldset>
  );
}
