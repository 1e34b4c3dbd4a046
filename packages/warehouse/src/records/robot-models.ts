import { z } from 'zod';
import { numberInRange } from './parameter-range.ts';

/**
 * How a robot moves: the figures every clock of the project (the plan, free flow, the shared
 * floor, the checker, the player) reads through `resolveRobotModel`. A robot drives straight runs
 * from standstill to standstill (accelerating, cruising at its top speed, braking), stops before
 * every turn and every place, and turns in place.
 */
export interface RobotModelFigures {
  /** Top speed in m/s; null: the solve's robot_speed (the original product's parameter). */
  readonly top_speed_m_s: number | null;
  /** m/s² from standstill to top speed; null: instant (a point). */
  readonly acceleration_m_s2: number | null;
  /** m/s² from top speed to standstill; null: instant. */
  readonly braking_m_s2: number | null;
  /** Seconds for a quarter turn in place (0 for a robot that drives sideways or a point). */
  readonly quarter_turn_s: number;
  /** Seconds at each pickup and each dropoff; null: the solve's handling_time_s (absent: 0). */
  readonly handling_s: number | null;
}

interface RobotModelPreset extends RobotModelFigures {
  readonly name: string;
  /** What every screen calls it. */
  readonly label: string;
  /** The solve form's one-line hint. */
  readonly hint: string;
  /** Where the figures come from. */
  readonly source: string;
}

/**
 * The robot models a solve may name, `point` first (the API's default). Adding a preset is one
 * entry here: the schema, the command lines' `--robot-model`, the solve form and every clock read
 * this list.
 */
export const ROBOT_MODEL_PRESETS = [
  {
    name: 'point',
    label: 'Point (instant starts, stops and turns)',
    hint: 'The original product’s model: a robot crosses every cell at robot_speed, starts, stops and turns instantly.',
    source: 'The original product (spec §9: robot_speed, handling_time_s).',
    top_speed_m_s: null,
    acceleration_m_s2: null,
    braking_m_s2: null,
    quarter_turn_s: 0,
    handling_s: null,
  },
  {
    name: 'drive-unit',
    label: 'Drive unit (Kiva-like)',
    hint: 'A shelf-lifting drive unit: 1.5 m/s top speed, accelerates and brakes at 1 m/s², 2.5 s per full turn, 2 s handling.',
    source:
      'RAWSim-O’s default bot (Merschformann et al. 2019): MaxVelocity 1.5 m/s, acceleration and deceleration 1 m/s², TurnSpeed 2.5 s per full turn, 2 s pod handling.',
    top_speed_m_s: 1.5,
    acceleration_m_s2: 1,
    braking_m_s2: 1,
    quarter_turn_s: 0.625,
    handling_s: 2,
  },
  {
    name: 'amr',
    label: 'AMR (differential drive)',
    hint: 'A generic autonomous mobile robot (MiR100 class): 1.2 m/s top speed, 0.5 m/s² acceleration and braking, 1.5 s per quarter turn, 5 s handling.',
    source:
      'MiR100 data sheet: top speed 1.5 m/s forward, run at 1.2 m/s in shared aisles; acceleration and braking 0.5 m/s², a comfortable ramp well under a differential platform’s maximum (Neobotix MP-500: 2.4 m/s²); about 60°/s in place (1.5 s a quarter turn); 5 s to load or unload a top module.',
    top_speed_m_s: 1.2,
    acceleration_m_s2: 0.5,
    braking_m_s2: 0.5,
    quarter_turn_s: 1.5,
    handling_s: 5,
  },
] as const satisfies readonly RobotModelPreset[];

export type RobotModelPresetName = (typeof ROBOT_MODEL_PRESETS)[number]['name'];

/** What a solve uses when it names no robot model: the original product's points, so its figures do not move. */
export const DEFAULT_ROBOT_MODEL: RobotModelPresetName = 'point';

/** What the web app's solve form starts with: a robot that accelerates, brakes and turns (the API's default stays `point`). */
export const FORM_DEFAULT_ROBOT_MODEL: RobotModelPresetName = 'drive-unit';

export const robotModelPresetNameValues = ROBOT_MODEL_PRESETS.map((preset) => preset.name) as [
  RobotModelPresetName,
  ...RobotModelPresetName[],
];

/** The names, for messages: "point, drive-unit, amr". */
export const ROBOT_MODEL_NAMES_TEXT = robotModelPresetNameValues.join(', ');

/** The preset of that name, or undefined when there is none. */
export function robotModelPresetByName(name: string): (typeof ROBOT_MODEL_PRESETS)[number] | undefined {
  return ROBOT_MODEL_PRESETS.find((preset) => preset.name === name);
}

/** Accepted values of custom figures. */
export const ROBOT_MODEL_RANGES = {
  top_speed_m_s: { min: 0.1, max: 5 },
  acceleration_m_s2: { min: 0.05, max: 20 },
  braking_m_s2: { min: 0.05, max: 20 },
  quarter_turn_s: { min: 0, max: 30 },
  handling_s: { min: 0, max: 600 },
} as const;

const R = ROBOT_MODEL_RANGES;

/** Custom figures: acceleration, braking and the quarter turn are required; top speed and handling default to the solve's parameters. */
export const customRobotModelSchema = z.strictObject({
  // A preset's name would make the results report the preset's figures for these.
  name: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .refine((name) => robotModelPresetByName(name) === undefined, {
      error: `robot_model.name must not be a preset's name (${ROBOT_MODEL_NAMES_TEXT}): custom figures need a name of their own`,
    })
    .optional(),
  top_speed_m_s: numberInRange(R.top_speed_m_s).optional(),
  acceleration_m_s2: numberInRange(R.acceleration_m_s2),
  braking_m_s2: numberInRange(R.braking_m_s2),
  quarter_turn_s: numberInRange(R.quarter_turn_s),
  handling_s: numberInRange(R.handling_s).optional(),
});
export type CustomRobotModel = z.infer<typeof customRobotModelSchema>;

/** `parameters.robot_model`: a preset's name or custom figures. */
export const robotModelSchema = z.union([z.enum(robotModelPresetNameValues), customRobotModelSchema], {
  error: (issue) =>
    typeof issue.input === 'object' && issue.input !== null
      ? `robot_model custom figures need acceleration_m_s2 and braking_m_s2 (${R.acceleration_m_s2.min}-${R.acceleration_m_s2.max} m/s²) and quarter_turn_s (${R.quarter_turn_s.min}-${R.quarter_turn_s.max} s), and may give name, top_speed_m_s (${R.top_speed_m_s.min}-${R.top_speed_m_s.max} m/s) and handling_s (${R.handling_s.min}-${R.handling_s.max} s)`
      : `robot_model must be one of ${ROBOT_MODEL_NAMES_TEXT}, or custom figures`,
});
export type RobotModelParameter = z.infer<typeof robotModelSchema>;

/** A robot model with every figure settled for one solve: what the clocks read. */
export interface RobotKinematics {
  /** The preset's name, or the custom model's (`custom` when it gave none). */
  readonly name: string;
  /** True for `point`: instant starts, stops and turns (every clock then runs as the original product's). */
  readonly point: boolean;
  readonly topSpeed: number;
  /** m/s²; Infinity for a point. */
  readonly acceleration: number;
  readonly braking: number;
  readonly quarterTurnS: number;
  /** Seconds at a pickup and at a dropoff (before the floor rounds them to its clock). */
  readonly handlingS: number;
}

/**
 * The kinematics of a solve: its robot_model (absent: `point`) with robot_speed as the top speed
 * where the model names none, and handling_time_s where the solve sets it (else the model's).
 * An unknown name or figures out of range throw the schema's error.
 */
export function resolveRobotModel(parameters: {
  robot_model?: RobotModelParameter | null;
  robot_speed?: number | null;
  handling_time_s?: number | null;
}): RobotKinematics {
  const figures = robotModelFigures(parameters.robot_model);
  const point = figures.acceleration_m_s2 === null;
  return {
    name: figures.name,
    point,
    topSpeed: figures.top_speed_m_s ?? parameters.robot_speed ?? 1,
    acceleration: figures.acceleration_m_s2 ?? Infinity,
    braking: figures.braking_m_s2 ?? Infinity,
    quarterTurnS: figures.quarter_turn_s,
    handlingS: parameters.handling_time_s ?? figures.handling_s ?? 0,
  };
}

/**
 * A robot_model's own figures (absent: `point`), before the solve's robot_speed and
 * handling_time_s fill what it leaves open (null). An unknown name or figures out of range throw
 * the schema's error.
 */
export function robotModelFigures(parameter: RobotModelParameter | null | undefined): RobotModelFigures & {
  name: string;
} {
  const given = robotModelSchema.parse(parameter ?? DEFAULT_ROBOT_MODEL);
  if (typeof given === 'string') return robotModelPresetByName(given) as RobotModelPreset;
  return {
    name: given.name ?? 'custom',
    top_speed_m_s: given.top_speed_m_s ?? null,
    acceleration_m_s2: given.acceleration_m_s2,
    braking_m_s2: given.braking_m_s2,
    quarter_turn_s: given.quarter_turn_s,
    handling_s: given.handling_s ?? null,
  };
}

/** The name a result reports for the model that ran: the preset's, or the custom model's. */
export function robotModelName(parameter: RobotModelParameter | null | undefined): string {
  if (parameter === null || parameter === undefined) return DEFAULT_ROBOT_MODEL;
  return typeof parameter === 'string' ? parameter : (parameter.name ?? 'custom');
}

/**
 * What every page calls a robot model: a preset's label, or a custom model's name marked as such
 * ('Tote bot (custom figures)'). Custom figures are never read as a preset, whatever their name;
 * a bare name (a result's `robot_model`) is a preset's when it is one.
 */
export function robotModelLabel(model: RobotModelParameter | string | null | undefined): string {
  const name = typeof model === 'string' ? model : robotModelName(model);
  const preset = typeof model === 'object' && model !== null ? undefined : robotModelPresetByName(name);
  return preset?.label ?? customRobotModelLabel(name);
}

/** What pages call custom figures of that name (blank: 'custom'): 'Tote bot (custom figures)'. */
export function customRobotModelLabel(name: string | undefined): string {
  return `${name?.trim() || 'custom'} (custom figures)`;
}
