// A robot of the planner's own (a vendor's data sheet) as the solve form holds it: its motion
// figures and its handling. Its top speed is the form's Robot Speed (as `resolveRobotModel` reads
// a custom model without one), and a typed Handling Time replaces its handling as it does a
// preset's.
import {
  type CustomRobotModel,
  customRobotModelLabel,
  isInParameterRange,
  type ParameterRange,
  ROBOT_MODEL_NAMES_TEXT,
  ROBOT_MODEL_RANGES,
  robotModelLabel,
  robotModelPresetByName,
  type RobotModelPresetName,
} from '@fleetlab/warehouse';

/** The Robot Model select's value for figures of one's own. */
export const CUSTOM_ROBOT_MODEL = 'custom';
export type RobotModelChoice = RobotModelPresetName | typeof CUSTOM_ROBOT_MODEL;

/** The custom model's fields as typed. */
export interface CustomRobotModelSettings {
  /** Blank: the results call it 'custom'. */
  readonly name: string;
  readonly acceleration: string;
  readonly braking: string;
  readonly quarterTurn: string;
  /** Seconds at each pickup and dropoff; blank: none. */
  readonly handling: string;
}

export type CustomRobotModelField = keyof CustomRobotModelSettings;

/** Messages of the custom fields the server would refuse. */
export type CustomRobotModelProblems = Partial<Record<CustomRobotModelField, string>>;

const NAME_MAX_LENGTH = 60;

/** Each figure's label, unit and range, for the fields and their messages. */
export const CUSTOM_FIGURES: readonly {
  readonly field: Exclude<CustomRobotModelField, 'name'>;
  readonly label: string;
  readonly unit: string;
  readonly range: ParameterRange;
  readonly hint: string;
  /** Blank is allowed (the figure is left out). */
  readonly optional?: boolean;
}[] = [
  {
    field: 'acceleration',
    label: 'Acceleration (m/s²)',
    unit: 'm/s²',
    range: ROBOT_MODEL_RANGES.acceleration_m_s2,
    hint: 'From standstill to top speed',
  },
  {
    field: 'braking',
    label: 'Braking (m/s²)',
    unit: 'm/s²',
    range: ROBOT_MODEL_RANGES.braking_m_s2,
    hint: 'From top speed to standstill',
  },
  {
    field: 'quarterTurn',
    label: 'Quarter Turn (s)',
    unit: 's',
    range: ROBOT_MODEL_RANGES.quarter_turn_s,
    hint: 'A 90° turn in place; 0 for a robot that drives sideways',
  },
  {
    field: 'handling',
    label: 'Handling (s)',
    unit: 's',
    range: ROBOT_MODEL_RANGES.handling_s,
    hint: 'At each pickup and dropoff; blank: none',
    optional: true,
  },
];

/**
 * The fields a custom model starts from: the preset's figures when it has them (switching from
 * the drive unit to custom keeps its 1 m/s², 1 m/s², 0.625 s and 2 s), else the drive unit's.
 */
export function customRobotModelFrom(preset: RobotModelPresetName): CustomRobotModelSettings {
  const figures = robotModelPresetByName(preset);
  const source = figures?.acceleration_m_s2 != null ? figures : robotModelPresetByName('drive-unit');
  return {
    name: '',
    acceleration: String(source?.acceleration_m_s2 ?? ''),
    braking: String(source?.braking_m_s2 ?? ''),
    quarterTurn: String(source?.quarter_turn_s ?? ''),
    handling: String(source?.handling_s ?? ''),
  };
}

/** A stored custom model's fields ('Sweep this solve' and copies show what ran). */
export function customRobotModelSettings(model: CustomRobotModel): CustomRobotModelSettings {
  return {
    name: model.name ?? '',
    acceleration: String(model.acceleration_m_s2),
    braking: String(model.braking_m_s2),
    quarterTurn: String(model.quarter_turn_s),
    handling: model.handling_s === undefined ? '' : String(model.handling_s),
  };
}

/**
 * The fields read into `parameters.robot_model`'s custom figures, each in its range and each but
 * the handling required: a blank or wrong one is a problem named for the planner, never a guess.
 */
export function readCustomRobotModel(settings: CustomRobotModelSettings): {
  readonly model: CustomRobotModel | null;
  readonly problems: CustomRobotModelProblems;
} {
  const problems: { -readonly [Key in CustomRobotModelField]?: string } = {};
  const values: Partial<Record<CustomRobotModelField, number>> = {};
  for (const { field, label, unit, range, optional } of CUSTOM_FIGURES) {
    const raw = settings[field].trim();
    const value = Number(raw);
    if (raw === '' && optional) continue;
    if (raw !== '' && Number.isFinite(value) && isInParameterRange(value, range)) values[field] = value;
    else
      problems[field] =
        `${label.replace(/ \(.*\)$/, '')} must be a number from ${range.min} to ${range.max} ${unit}${optional ? ', or blank' : ''}`;
  }
  const name = settings.name.trim();
  if (name.length > NAME_MAX_LENGTH) problems.name = `Model Name must be at most ${NAME_MAX_LENGTH} characters`;
  else if (robotModelPresetByName(name))
    problems.name = `Model Name must not be a preset's name (${ROBOT_MODEL_NAMES_TEXT}): the results would read it as the preset`;
  if (Object.keys(problems).length > 0) return { model: null, problems };
  return {
    model: {
      ...(name !== '' ? { name } : {}),
      acceleration_m_s2: values.acceleration as number,
      braking_m_s2: values.braking as number,
      quarter_turn_s: values.quarterTurn as number,
      ...(values.handling !== undefined ? { handling_s: values.handling } : {}),
    },
    problems,
  };
}

/** What the form calls the model it will run: the preset's label, or the custom model's name with '(custom figures)'. */
export function robotModelChoiceLabel(choice: RobotModelChoice, custom: CustomRobotModelSettings): string {
  return choice === CUSTOM_ROBOT_MODEL ? customRobotModelLabel(custom.name) : robotModelLabel(choice);
}
