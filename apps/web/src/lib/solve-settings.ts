// The advanced settings of a solve as a form holds them: the one model behind the Create Solve
// form and the experiment form (same fields, same ranges, same messages), read into the solve
// parameters both send. Pure: a reducer, its initial states, and the reading rules.
import {
  DEFAULT_ROBOT_MODEL,
  DEFAULT_TRAFFIC_POLICY,
  objectiveNameValues,
  OBJECTIVE_LABELS,
  SOLVE_PARAMETER_DEFAULTS,
  robotModelFigures,
  robotModelLabel,
  robotModelName,
  robotModelPresetByName,
  type RobotModelParameter,
  type RobotModelPresetName,
  trafficPolicyByName,
  trafficPolicyNameSchema,
  type ObjectiveName,
  type SolveParametersRecord,
  type TrafficPolicyName,
} from '@fleetlab/warehouse';
import {
  CUSTOM_ROBOT_MODEL,
  type CustomRobotModelField,
  type CustomRobotModelProblems,
  type CustomRobotModelSettings,
  customRobotModelFrom,
  customRobotModelSettings,
  type RobotModelChoice,
  readCustomRobotModel,
} from './custom-robot-model.ts';
import { listed } from './display-format.ts';
import {
  defaultObjectiveSettings,
  objectiveWeightsToSubmit,
  type ObjectiveSetting,
  type ObjectiveSettings,
} from './objective-weights.ts';
import {
  defaultShiftSettings,
  describeShift,
  readShiftSettings,
  shiftSettingsFromParameters,
  type ShiftProblems,
  type ShiftSettings,
} from './shift-settings.ts';
import {
  boundedNumberProblem,
  FIXED_SOLVE_PARAMETERS,
  MAX_DISTANCE_RULE,
  parseBatteryReserve,
  parseBoundedNumber,
  parseChargers,
  parseDisruptionPair,
  parseHandlingTime,
  RECHARGE_TIME_RULE,
  ROBOT_SPEED_RULE,
  TIME_LIMIT_RULE,
} from './solve-form.ts';

/** What each field holds as typed; numbers are read (and held to their ranges) on submit. */
export interface SolveSettings {
  readonly maxDistance: string;
  readonly robotSpeed: string;
  readonly rechargeTime: string;
  readonly timeLimit: string;
  /** Blank: one charger per robot, nobody queues. */
  readonly chargers: string;
  /** Blank: the robot model's own handling time. */
  readonly handlingTime: string;
  /** Blank: the automatic reserve for the floor and fleet. */
  readonly batteryReserve: string;
  readonly trafficPolicy: TrafficPolicyName;
  /** How the robots move: a preset of ROBOT_MODEL_PRESETS, or `custom` (the figures in `customModel`). */
  readonly robotModel: RobotModelChoice;
  /** The custom model's figures, read only when `robotModel` is `custom` (its top speed is Robot Speed). */
  readonly customModel: CustomRobotModelSettings;
  /** Random stops per robot-hour and their mean seconds; both blank: none. */
  readonly delayRate: string;
  readonly delayMean: string;
  /** Mean hours between breakdowns and minutes each repair takes; both blank: none. */
  readonly breakdownMtbf: string;
  readonly breakdownRepair: string;
  readonly objectives: ObjectiveSettings;
  /** Orders released over a shift instead of one batch (off by default). */
  readonly shift: ShiftSettings;
  /** Spec §9 parameters no field shows, kept as a copied solve had them. */
  readonly batteryCapacity: number;
  readonly balanceFactor: number;
}

export type SolveSettingsField =
  | 'maxDistance'
  | 'robotSpeed'
  | 'rechargeTime'
  | 'timeLimit'
  | 'chargers'
  | 'handlingTime'
  | 'batteryReserve'
  | 'delayRate'
  | 'delayMean'
  | 'breakdownMtbf'
  | 'breakdownRepair';

export type SolveSettingsAction =
  | { readonly type: 'field'; readonly field: SolveSettingsField; readonly value: string }
  | { readonly type: 'trafficPolicy'; readonly policy: TrafficPolicyName }
  | { readonly type: 'robotModel'; readonly model: RobotModelChoice }
  | { readonly type: 'customModel'; readonly field: CustomRobotModelField; readonly value: string }
  | { readonly type: 'objective'; readonly objective: ObjectiveName; readonly change: Partial<ObjectiveSetting> }
  | { readonly type: 'shift'; readonly change: Partial<ShiftSettings> }
  | { readonly type: 'replace'; readonly settings: SolveSettings };

export function solveSettingsReducer(state: SolveSettings, action: SolveSettingsAction): SolveSettings {
  switch (action.type) {
    case 'field':
      return { ...state, [action.field]: action.value };
    case 'trafficPolicy':
      return { ...state, trafficPolicy: action.policy };
    case 'robotModel':
      return action.model === CUSTOM_ROBOT_MODEL && state.robotModel !== CUSTOM_ROBOT_MODEL
        ? customFromPreset(state, state.robotModel)
        : { ...state, robotModel: action.model };
    case 'customModel':
      return { ...state, customModel: { ...state.customModel, [action.field]: action.value } };
    case 'objective':
      return {
        ...state,
        objectives: {
          ...state.objectives,
          [action.objective]: { ...state.objectives[action.objective], ...action.change },
        },
      };
    case 'shift':
      return { ...state, shift: { ...state.shift, ...action.change } };
    case 'replace':
      return action.settings;
  }
}

/**
 * Custom figures start from the preset the planner had chosen: its acceleration, braking and
 * turn, and its top speed in Robot Speed (the custom model's top speed), so a robot like the
 * drive unit but slower is one change away.
 */
function customFromPreset(state: SolveSettings, preset: RobotModelPresetName): SolveSettings {
  const topSpeed = robotModelPresetByName(preset)?.top_speed_m_s ?? null;
  return {
    ...state,
    robotModel: CUSTOM_ROBOT_MODEL,
    customModel: customRobotModelFrom(preset),
    robotSpeed: topSpeed === null ? state.robotSpeed : String(topSpeed),
  };
}

/**
 * The spec §9 defaults; `timeLimit` may start elsewhere (an experiment's points search for less
 * long), and so may the robot model (the solve form starts with `FORM_DEFAULT_ROBOT_MODEL`).
 */
export function defaultSolveSettings(
  timeLimitS: number = TIME_LIMIT_RULE.fallback,
  robotModel: RobotModelPresetName = DEFAULT_ROBOT_MODEL,
): SolveSettings {
  return {
    maxDistance: String(MAX_DISTANCE_RULE.fallback),
    robotSpeed: String(ROBOT_SPEED_RULE.fallback),
    rechargeTime: String(RECHARGE_TIME_RULE.fallback),
    timeLimit: String(timeLimitS),
    chargers: '',
    handlingTime: '',
    batteryReserve: '',
    trafficPolicy: DEFAULT_TRAFFIC_POLICY,
    robotModel,
    customModel: customRobotModelFrom(robotModel),
    delayRate: '',
    delayMean: '',
    breakdownMtbf: '',
    breakdownRepair: '',
    objectives: defaultObjectiveSettings(),
    shift: defaultShiftSettings(),
    batteryCapacity: FIXED_SOLVE_PARAMETERS.battery_capacity,
    balanceFactor: FIXED_SOLVE_PARAMETERS.balance_factor,
  };
}

/** The settings a stored solve ran with, as the form shows them ('Sweep this solve'). */
export function solveSettingsFromParameters(parameters: Partial<SolveParametersRecord>): SolveSettings {
  const defaults = defaultSolveSettings();
  const weights = parameters.objective_weights;
  const objectives: ObjectiveSettings = weights
    ? (Object.fromEntries(
        objectiveNameValues.map((name) => [name, { enabled: weights[name] !== undefined, weight: weights[name] ?? 0 }]),
      ) as ObjectiveSettings)
    : defaults.objectives;
  const text = (value: number | undefined, fallback: string) =>
    typeof value === 'number' && Number.isFinite(value) ? String(value) : fallback;
  // Custom figures: their own top speed, where they give one, fills Robot Speed (their handling has its field).
  const custom =
    typeof parameters.robot_model === 'object' && parameters.robot_model !== null ? parameters.robot_model : null;
  return {
    maxDistance: text(parameters.max_distance, defaults.maxDistance),
    robotSpeed: text(custom?.top_speed_m_s ?? parameters.robot_speed, defaults.robotSpeed),
    rechargeTime: text(parameters.recharge_time, defaults.rechargeTime),
    timeLimit: text(parameters.time_limit, defaults.timeLimit),
    chargers: text(parameters.chargers, ''),
    handlingTime: text(parameters.handling_time_s, ''),
    batteryReserve: text(parameters.battery_reserve_pct, ''),
    trafficPolicy: trafficPolicyNameSchema.catch(DEFAULT_TRAFFIC_POLICY).parse(parameters.traffic_policy),
    robotModel: custom
      ? CUSTOM_ROBOT_MODEL
      : (robotModelPresetByName(robotModelName(parameters.robot_model))?.name ?? DEFAULT_ROBOT_MODEL),
    customModel: custom ? customRobotModelSettings(custom) : defaults.customModel,
    delayRate: text(parameters.delays?.rate_per_robot_h, ''),
    delayMean: text(parameters.delays?.mean_s, ''),
    breakdownMtbf: text(parameters.breakdowns?.mtbf_h, ''),
    breakdownRepair: text(parameters.breakdowns?.repair_min, ''),
    objectives,
    shift: shiftSettingsFromParameters(parameters.shift),
    batteryCapacity: parameters.battery_capacity ?? defaults.batteryCapacity,
    balanceFactor: parameters.balance_factor ?? defaults.balanceFactor,
  };
}

/** The parameters the settings stand for (algorithm and fleet size come from elsewhere). */
export type SettingsParameters = Omit<SolveParametersRecord, 'algorithm_type' | 'robot_count'>;

/** Messages of the fields whose typed value the server would refuse. */
export interface SolveSettingsProblems {
  readonly maxDistance?: string;
  readonly chargers?: string;
  readonly handlingTime?: string;
  readonly batteryReserve?: string;
  readonly delays?: string;
  readonly breakdowns?: string;
  /** Present only when a custom robot model's field is wrong. */
  readonly customModel?: CustomRobotModelProblems;
  /** Present only when a shift field is wrong. */
  readonly shift?: ShiftProblems;
}

export interface ReadSolveSettingsOptions {
  /** A charger sweep sets the chargers of each point: the field is not read. */
  readonly chargersSetByPoints?: boolean;
  /** A rate sweep sets each point's orders per hour: the shift's rate and profile are not read. */
  readonly rateSetByPoints?: boolean;
  /** A robot-model comparison sets each point's model: the Robot Model and custom figures are not read. */
  readonly robotModelSetByPoints?: boolean;
}

/**
 * The settings read into solve parameters: typed numbers held to their ranges (non-numeric
 * input takes the spec §9 fallback), weights normalised (spec §5). Chargers, a handling time of
 * 0, an automatic battery reserve and the default traffic policy are left out unless set, so
 * default settings send exactly the spec's parameters. A battery reserve out of its range is a
 * problem to show, never a guess.
 */
export function readSolveSettings(
  settings: SolveSettings,
  options: ReadSolveSettingsOptions = {},
): { readonly parameters: SettingsParameters; readonly problems: SolveSettingsProblems } {
  const maxDistance = parseBoundedNumber(settings.maxDistance, MAX_DISTANCE_RULE);
  // Held to the spec's 0 to 10000, Max Distance can still be the 0 the server refuses.
  const maxDistanceProblem = boundedNumberProblem('Max Distance', maxDistance, MAX_DISTANCE_RULE);
  const chargers = options.chargersSetByPoints
    ? { chargers: undefined, problem: null }
    : parseChargers(settings.chargers);
  const handling = parseHandlingTime(settings.handlingTime);
  const reserve = parseBatteryReserve(settings.batteryReserve);
  const shift = readShiftSettings(settings.shift, { rateSetByPoints: options.rateSetByPoints });
  const delays = parseDisruptionPair(
    [
      { raw: settings.delayRate, field: 'rate_per_robot_h', label: 'Delays per Robot-hour' },
      { raw: settings.delayMean, field: 'mean_s', label: 'Delay Length' },
    ],
    'Delays',
  );
  const breakdowns = parseDisruptionPair(
    [
      { raw: settings.breakdownMtbf, field: 'mtbf_h', label: 'Hours between Breakdowns' },
      { raw: settings.breakdownRepair, field: 'repair_min', label: 'Repair Time' },
    ],
    'Breakdowns',
  );
  const custom =
    settings.robotModel === CUSTOM_ROBOT_MODEL && !options.robotModelSetByPoints
      ? readCustomRobotModel(settings.customModel)
      : null;
  const problems: { -readonly [Key in keyof SolveSettingsProblems]: SolveSettingsProblems[Key] } = {};
  if (custom && Object.keys(custom.problems).length > 0) problems.customModel = custom.problems;
  if (maxDistanceProblem) problems.maxDistance = maxDistanceProblem;
  if (chargers.problem) problems.chargers = chargers.problem;
  if (handling.problem) problems.handlingTime = handling.problem;
  if (reserve.problem) problems.batteryReserve = reserve.problem;
  if (delays.problem) problems.delays = delays.problem;
  if (breakdowns.problem) problems.breakdowns = breakdowns.problem;
  if (Object.keys(shift.problems).length > 0) problems.shift = shift.problems;
  return {
    parameters: {
      time_limit: parseBoundedNumber(settings.timeLimit, TIME_LIMIT_RULE),
      battery_capacity: settings.batteryCapacity,
      max_distance: maxDistance,
      robot_speed: parseBoundedNumber(settings.robotSpeed, ROBOT_SPEED_RULE),
      recharge_time: parseBoundedNumber(settings.rechargeTime, RECHARGE_TIME_RULE),
      objective_weights: objectiveWeightsToSubmit(settings.objectives),
      balance_factor: settings.balanceFactor,
      ...(chargers.chargers !== undefined ? { chargers: chargers.chargers } : {}),
      ...(handling.handlingTimeS !== undefined ? { handling_time_s: handling.handlingTimeS } : {}),
      ...(reserve.batteryReservePct !== undefined ? { battery_reserve_pct: reserve.batteryReservePct } : {}),
      ...(settings.trafficPolicy !== DEFAULT_TRAFFIC_POLICY ? { traffic_policy: settings.trafficPolicy } : {}),
      ...(custom?.model
        ? { robot_model: custom.model }
        : settings.robotModel !== DEFAULT_ROBOT_MODEL && settings.robotModel !== CUSTOM_ROBOT_MODEL
          ? { robot_model: settings.robotModel }
          : {}),
      ...(shift.shift ? { shift: shift.shift } : {}),
      ...(delays.value ? { delays: delays.value } : {}),
      ...(breakdowns.value ? { breakdowns: breakdowns.value } : {}),
    },
    problems,
  };
}

/** True when a field of the advanced settings (not the shift, shown apart) needs fixing: the form then opens them. */
export function hasAdvancedSettingsProblems(problems: SolveSettingsProblems): boolean {
  return (
    problems.maxDistance !== undefined ||
    problems.chargers !== undefined ||
    problems.handlingTime !== undefined ||
    problems.batteryReserve !== undefined ||
    problems.delays !== undefined ||
    problems.breakdowns !== undefined ||
    problems.customModel !== undefined
  );
}

/**
 * The settings of a run in words, one [label, value] per setting, for the pages that show what
 * ran. A robot model with its own top speed or handling time runs with those, so they are what
 * Robot Speed and an unset Handling Time read; where the models are compared (`modelsCompared`)
 * each runs its own, and the words say so.
 */
export function describeSettings(
  parameters: Partial<SettingsParameters>,
  options: { modelsCompared?: readonly RobotModelParameter[] } = {},
): [string, string][] {
  const weights = parameters.objective_weights ?? SOLVE_PARAMETER_DEFAULTS.objective_weights;
  const objectives = objectiveNameValues
    .filter((name) => (weights as Partial<Record<ObjectiveName, number>>)[name] !== undefined)
    .map((name) => `${OBJECTIVE_LABELS[name]} ${(weights as Partial<Record<ObjectiveName, number>>)[name]}%`)
    .join(', ');
  return [
    ['Max Distance', `${parameters.max_distance ?? SOLVE_PARAMETER_DEFAULTS.max_distance} m`],
    ['Robot Speed', describeRobotSpeed(parameters, options.modelsCompared)],
    ['Recharge Time', `${parameters.recharge_time ?? SOLVE_PARAMETER_DEFAULTS.recharge_time} min`],
    ['Time Limit', `${parameters.time_limit ?? SOLVE_PARAMETER_DEFAULTS.time_limit} s`],
    ['Chargers per Station', parameters.chargers === undefined ? 'one per robot' : String(parameters.chargers)],
    ['Handling Time', describeHandlingTime(parameters, options.modelsCompared !== undefined)],
    [
      'Battery Reserve for Traffic',
      parameters.battery_reserve_pct === undefined ? 'automatic' : `${parameters.battery_reserve_pct}%`,
    ],
    [
      'Traffic Policy',
      trafficPolicyByName(parameters.traffic_policy ?? DEFAULT_TRAFFIC_POLICY)?.label ??
        String(parameters.traffic_policy),
    ],
    ['Robot Model', robotModelLabel(parameters.robot_model)],
    ['Objectives', objectives],
    ...(parameters.shift ? [['Shift', describeShift(parameters.shift)] as [string, string]] : []),
    ...(parameters.delays
      ? [
          [
            'Delays',
            `${parameters.delays.rate_per_robot_h} per robot-hour, ${parameters.delays.mean_s} s each on average`,
          ] as [string, string],
        ]
      : []),
    ...(parameters.breakdowns
      ? [
          [
            'Breakdowns',
            `every ${parameters.breakdowns.mtbf_h} h on average, ${parameters.breakdowns.repair_min} min to repair`,
          ] as [string, string],
        ]
      : []),
  ];
}

/**
 * Robot Speed in words: where models are compared, which of them drive at it (those without a top
 * speed of their own: Point, custom figures without one) and that the others keep theirs.
 */
function describeRobotSpeed(
  parameters: Partial<SettingsParameters>,
  modelsCompared: readonly RobotModelParameter[] | undefined,
): string {
  const speed = `${parameters.robot_speed ?? SOLVE_PARAMETER_DEFAULTS.robot_speed} m/s`;
  if (modelsCompared) {
    const atSpeed = modelsCompared.filter((model) => ownFigures(model)?.top_speed_m_s === null);
    if (atSpeed.length === 0) return "each robot model's own top speed";
    const names = listed(atSpeed.map((model) => robotModelLabel(model).replace(/ \(.*\)$/, '')));
    return atSpeed.length === modelsCompared.length
      ? `${speed} for ${names}`
      : `${speed} for ${names}; the other models at their own top speeds`;
  }
  const own = ownFigures(parameters.robot_model)?.top_speed_m_s ?? null;
  return own === null ? speed : `${own} m/s (the robot model's top speed)`;
}

function describeHandlingTime(parameters: Partial<SettingsParameters>, modelsCompared: boolean): string {
  if (typeof parameters.handling_time_s === 'number') return `${parameters.handling_time_s} s`;
  if (modelsCompared) return "each robot model's own";
  const own = ownFigures(parameters.robot_model)?.handling_s ?? null;
  return own === null ? '0 s' : `${own} s (the robot model's)`;
}

/** The run's robot model's own figures; null for a model this version does not know (a page still shows the rest). */
function ownFigures(model: SettingsParameters['robot_model']): ReturnType<typeof robotModelFigures> | null {
  try {
    return robotModelFigures(model);
  } catch {
    return null;
  }
}
