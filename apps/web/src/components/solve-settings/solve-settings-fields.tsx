import { useId, useMemo, type Dispatch } from 'react';
import {
  DISRUPTION_RANGES,
  objectiveNameValues,
  OBJECTIVE_LABELS,
  ROBOT_MODEL_PRESETS,
  robotModelPresetByName,
  TRAFFIC_POLICIES,
  trafficPolicyByName,
  type ObjectiveName,
  type TrafficPolicyName,
} from '@fleetlab/warehouse';
import { batteryReserveHint, type FleetOnFloor } from '../../lib/automatic-battery-reserve.ts';
import { CUSTOM_FIGURES, CUSTOM_ROBOT_MODEL, type RobotModelChoice } from '../../lib/custom-robot-model.ts';
import { objectiveWeightsToSubmit, type ObjectiveSettings } from '../../lib/objective-weights.ts';
import {
  BATTERY_RESERVE_RANGE,
  CHARGERS_RANGE,
  HANDLING_TIME_RANGE,
  MAX_DISTANCE_RULE,
  OBJECTIVES_RECOMMENDATION,
  RECHARGE_TIME_RULE,
  ROBOT_SPEED_RULE,
  TIME_LIMIT_RULE,
  type NumberFieldRule,
} from '../../lib/solve-form.ts';
import type {
  SolveSettings,
  SolveSettingsAction,
  SolveSettingsField,
  SolveSettingsProblems,
} from '../../lib/solve-settings.ts';
import { SelectField, TextField } from '../ui/form-field.tsx';
import { SetByPointsNote } from './set-by-points-note.tsx';
import { inputClass } from '../ui/styles.ts';

export interface SolveSettingsFieldsProps {
  readonly settings: SolveSettings;
  readonly dispatch: Dispatch<SolveSettingsAction>;
  readonly problems?: SolveSettingsProblems;
  /** A charger sweep sets the chargers of each point: the field says so instead of asking. */
  readonly chargersSetByPoints?: boolean;
  /** A robot-model comparison sets each point's robot model: the select is not offered. */
  readonly robotModelSetByPoints?: boolean;
  /** A robot-model comparison that compares custom figures too: their fields are shown (with Robot Speed their top speed). */
  readonly customModelCompared?: boolean;
  /** Under Time Limit: what the limit means where the settings are used. */
  readonly timeLimitHint?: string;
  /** The floor and fleets the solves will plan with: the battery reserve's hint says what the automatic rule gives for them. */
  readonly fleetOnFloor?: FleetOnFloor | null;
}

/** A shift runs to its end and its re-plans stop at an iteration cap, so no time limit applies to it. */
export const SHIFT_TIME_LIMIT_HINT =
  'Not used by a shift: it runs to its end, and its re-plans stop after a fixed number of iterations.';

/**
 * Every advanced setting of a solve (spec §2: Max Distance, Robot Speed, Recharge Time, objective
 * weights and the recommendation; plus time limit, chargers per station, handling time, the
 * battery reserve for traffic and the traffic policy), with the warehouse's ranges. The Create
 * Solve form and the experiment form both show this one.
 */
export function SolveSettingsFields({
  settings,
  dispatch,
  problems = {},
  chargersSetByPoints = false,
  robotModelSetByPoints = false,
  customModelCompared = false,
  timeLimitHint = 'Search time for Genetic and Makespan, 1 to 3600; the others finish sooner.',
  fleetOnFloor = null,
}: SolveSettingsFieldsProps) {
  const setField = (field: SolveSettingsField) => (value: string) => dispatch({ type: 'field', field, value });
  // The chosen preset's own top speed and handling time (a comparison sets each point's model).
  const model = robotModelSetByPoints ? undefined : robotModelPresetByName(settings.robotModel);
  const ownTopSpeed = model?.top_speed_m_s ?? null;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <BoundedNumberField
          label="Max Distance (meters)"
          rule={MAX_DISTANCE_RULE}
          value={settings.maxDistance}
          hint="Distance on one full charge, 0 to 10000."
          error={problems.maxDistance}
          onChange={setField('maxDistance')}
        />
        {ownTopSpeed !== null ? (
          <p className="text-sm text-slate-400">
            <span className="block font-medium text-slate-200">Robot Speed (m/s)</span>
            {ownTopSpeed} m/s: the {model?.label}’s top speed. Robot Speed is the Point model’s.
          </p>
        ) : (
          <BoundedNumberField
            label="Robot Speed (m/s)"
            rule={ROBOT_SPEED_RULE}
            value={settings.robotSpeed}
            hint={
              robotModelSetByPoints
                ? `Point’s${customModelCompared ? ' and the custom robot’s' : ''}, 0.1 to 5; ${othersOwnTopSpeeds()}.`
                : settings.robotModel === CUSTOM_ROBOT_MODEL
                  ? 'The custom robot’s top speed, 0.1 to 5.'
                  : '0.1 to 5.'
            }
            onChange={setField('robotSpeed')}
          />
        )}
        <BoundedNumberField
          label="Recharge Time (min)"
          rule={RECHARGE_TIME_RULE}
          value={settings.rechargeTime}
          hint="3 to 120."
          onChange={setField('rechargeTime')}
        />
        <BoundedNumberField
          label="Time Limit (s)"
          rule={TIME_LIMIT_RULE}
          value={settings.timeLimit}
          hint={settings.shift.enabled ? SHIFT_TIME_LIMIT_HINT : timeLimitHint}
          onChange={setField('timeLimit')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {chargersSetByPoints ? (
          <SetByPointsNote label="Chargers per Station" sweep="charger sweep" className="sm:col-span-2" />
        ) : (
          <TextField
            label="Chargers per Station"
            type="number"
            min={CHARGERS_RANGE.min}
            max={CHARGERS_RANGE.max}
            step={1}
            value={settings.chargers}
            placeholder="One per robot"
            hint={`Robots that find every charger busy queue on the shared floor; blank: one per robot, ${CHARGERS_RANGE.min} to ${CHARGERS_RANGE.max}.`}
            error={problems.chargers}
            onChange={(event) => setField('chargers')(event.target.value)}
          />
        )}
        <TextField
          label="Handling Time (s)"
          type="number"
          min={HANDLING_TIME_RANGE.min}
          max={HANDLING_TIME_RANGE.max}
          step={0.1}
          value={settings.handlingTime}
          placeholder="The robot model’s"
          hint={`Spent at each pickup and each dropoff, ${HANDLING_TIME_RANGE.min} to ${HANDLING_TIME_RANGE.max}; blank: ${robotModelSetByPoints ? 'each robot model’s own' : `the robot model’s own, ${ownHandlingText(settings, model?.handling_s ?? null)}`}.`}
          error={problems.handlingTime}
          onChange={(event) => setField('handlingTime')(event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Battery Reserve for Traffic (%)"
          type="number"
          min={BATTERY_RESERVE_RANGE.min}
          max={BATTERY_RESERVE_RANGE.max}
          step={0.1}
          value={settings.batteryReserve}
          placeholder="Automatic"
          hint={batteryReserveHint(
            fleetOnFloor,
            robotModelSetByPoints ? 'either' : settings.robotModel === 'point' ? 'point' : 'model',
          )}
          error={problems.batteryReserve}
          onChange={(event) => setField('batteryReserve')(event.target.value)}
        />
        <SelectField
          label="Traffic Policy"
          value={settings.trafficPolicy}
          hint={trafficPolicyByName(settings.trafficPolicy)?.hint}
          onChange={(event) => dispatch({ type: 'trafficPolicy', policy: event.target.value as TrafficPolicyName })}
        >
          {TRAFFIC_POLICIES.map((policy) => (
            <option key={policy.name} value={policy.name}>
              {policy.label}
            </option>
          ))}
        </SelectField>
        {!robotModelSetByPoints && (
          <SelectField
            label="Robot Model"
            value={settings.robotModel}
            hint={robotModelHint(settings.robotModel)}
            onChange={(event) => dispatch({ type: 'robotModel', model: event.target.value as RobotModelChoice })}
          >
            {ROBOT_MODEL_PRESETS.map((model) => (
              <option key={model.name} value={model.name}>
                {model.label}
              </option>
            ))}
            <option value={CUSTOM_ROBOT_MODEL}>Custom figures</option>
          </SelectField>
        )}
      </div>
      {(robotModelSetByPoints ? customModelCompared : settings.robotModel === CUSTOM_ROBOT_MODEL) && (
        <CustomRobotModelFields settings={settings} problems={problems} dispatch={dispatch} />
      )}
      <DisruptionFields settings={settings} problems={problems} setField={setField} />
      <ObjectiveWeightsFieldset objectives={settings.objectives} dispatch={dispatch} />
    </div>
  );
}

/**
 * Delays and breakdowns of the robots on the shared floor (`parameters.delays`,
 * `parameters.breakdowns`): two pairs of fields, each pair both blank (none) or both set.
 */
function DisruptionFields({
  settings,
  problems,
  setField,
}: {
  readonly settings: SolveSettings;
  readonly problems: SolveSettingsProblems;
  readonly setField: (field: SolveSettingsField) => (value: string) => void;
}) {
  const ranges = DISRUPTION_RANGES;
  const field = (name: SolveSettingsField, label: string, range: { max: number }, hint: string, error?: string) => (
    <TextField
      label={label}
      type="number"
      min={0}
      max={range.max}
      step="any"
      value={settings[name] as string}
      placeholder="None"
      hint={hint}
      error={error}
      onChange={(event) => setField(name)(event.target.value)}
    />
  );
  return (
    <fieldset className="rounded-lg border border-slate-800 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-200">Delays and Breakdowns</legend>
      <p className="mb-4 text-xs text-slate-400">
        Robots that stop on the shared floor, drawn at random with the run's seed; blank: none. The results then show
        the same run without them, so you see what they cost.
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {field(
          'delayRate',
          'Delays per Robot-hour',
          ranges.rate_per_robot_h,
          `Random stops per hour a robot is on the move, up to ${ranges.rate_per_robot_h.max}.`,
          problems.delays,
        )}
        {field(
          'delayMean',
          'Delay Length (s)',
          ranges.mean_s,
          `Each stop's length on average, up to ${ranges.mean_s.max} s.`,
        )}
        {field(
          'breakdownMtbf',
          'Hours between Breakdowns',
          ranges.mtbf_h,
          'Mean hours on the move between breakdowns; a broken robot blocks its cell, others go round or wait.',
          problems.breakdowns,
        )}
        {field(
          'breakdownRepair',
          'Repair Time (min)',
          ranges.repair_min,
          `Minutes each breakdown lasts, up to ${ranges.repair_min.max}.`,
        )}
      </div>
    </fieldset>
  );
}

function ObjectiveWeightsFieldset({
  objectives,
  dispatch,
}: {
  readonly objectives: ObjectiveSettings;
  readonly dispatch: Dispatch<SolveSettingsAction>;
}) {
  const baseId = useId();
  const normalized = useMemo(() => objectiveWeightsToSubmit(objectives), [objectives]);
  const enabledCount = objectiveNameValues.filter((objective) => objectives[objective].enabled).length;
  const change = (objective: ObjectiveName, update: { enabled?: boolean; weight?: number }) =>
    dispatch({ type: 'objective', objective, change: update });
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
                  onChange={(event) => change(objective, { enabled: event.target.checked })}
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
                    change(objective, { weight: event.target.value === '' ? Number.NaN : Number(event.target.value) })
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

/** The presets that drive at their own top speeds, in words: "the Drive unit (Kiva-like) 1.5 m/s and ...". */
function othersOwnTopSpeeds(): string {
  const own = ROBOT_MODEL_PRESETS.filter((preset) => preset.top_speed_m_s !== null).map(
    (preset) => `the ${preset.label} ${preset.top_speed_m_s} m/s`,
  );
  return `${own.join(' and ')} at their own top speeds`;
}

/** A blank Handling Time's seconds: the preset's own, or what the custom model's Handling field holds. */
function ownHandlingText(settings: SolveSettings, presetHandlingS: number | null): string {
  if (settings.robotModel !== CUSTOM_ROBOT_MODEL) return `${presetHandlingS ?? 0} s`;
  const typed = settings.customModel.handling.trim();
  return typed === '' ? 'none' : `${typed} s (its Handling)`;
}

/**
 * A robot of the planner's own: its name, the motion figures and its handling (its top speed is
 * Robot Speed).
 */
function CustomRobotModelFields({
  settings,
  problems,
  dispatch,
}: {
  readonly settings: SolveSettings;
  readonly problems: SolveSettingsProblems;
  readonly dispatch: Dispatch<SolveSettingsAction>;
}) {
  const custom = settings.customModel;
  return (
    <fieldset className="rounded-lg border border-slate-800 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-200">Custom Robot Model</legend>
      <p className="mb-4 text-xs text-slate-400">
        Your robot’s figures, from its data sheet: its top speed is Robot Speed, and a typed Handling Time replaces its
        Handling as it does a preset’s. The plan and the run on the shared floor are timed with them.
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Model Name"
          value={custom.name}
          placeholder="custom"
          hint="What the results call it."
          error={problems.customModel?.name}
          onChange={(event) => dispatch({ type: 'customModel', field: 'name', value: event.target.value })}
        />
        {CUSTOM_FIGURES.map((figure) => (
          <TextField
            key={figure.field}
            label={figure.label}
            type="number"
            min={figure.range.min}
            max={figure.range.max}
            step="any"
            value={custom[figure.field]}
            hint={`${figure.hint}, ${figure.range.min} to ${figure.range.max}.`}
            error={problems.customModel?.[figure.field]}
            onChange={(event) => dispatch({ type: 'customModel', field: figure.field, value: event.target.value })}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The model's hint; for a robot that accelerates and turns, that the plan and the run on the shared floor both use it. */
function robotModelHint(name: RobotModelChoice): string | undefined {
  if (name === CUSTOM_ROBOT_MODEL)
    return 'A robot of your own: give its figures below. The plan and the run with every robot on the floor at once are timed with them.';
  const preset = robotModelPresetByName(name);
  if (!preset) return undefined;
  if (preset.acceleration_m_s2 === null) return preset.hint;
  return `${preset.hint} The plan and the run with every robot on the floor at once are timed with these figures.`;
}
