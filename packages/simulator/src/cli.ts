import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { buildProblem, InfeasibleDeliveryError, InvalidProblemError, solve } from '@fleetlab/solver';
import {
  ALGORITHMS,
  algorithmByIdOrName,
  breakdownsParametersSchema,
  delaysParametersSchema,
  DEFAULT_TRAFFIC_POLICY,
  dispatchPolicyValues,
  SHIFT_DEFAULTS,
  SHIFT_RANGES,
  shiftParametersSchema,
  ROBOT_MODEL_NAMES_TEXT,
  type RobotModelPresetName,
  robotModelPresetByName,
  TRAFFIC_POLICY_NAMES_TEXT,
  trafficPolicyByName,
  type AlgorithmName,
  type ExecutionRecord,
  type FloorEnvironment,
} from '@fleetlab/warehouse';
import { toDense } from './dense.ts';
import { SimulationError } from './errors.ts';
import { REPLAN_ITERATIONS, runShift, type ShiftOutcome, type ShiftParams } from './shift/run-shift.ts';
import { simulate, type SimulationParams } from './simulate.ts';
import { writePlanVizFiles } from './planviz-files.ts';

export const USAGE = `Usage: fleetlab-simulate INSTANCE.json [--algorithm NAME] [--time-limit S] [--chargers K] [--traffic-policy NAME] [--robot-model NAME] [--delays RATE:SECONDS] [--breakdowns MTBF_H:REPAIR_MIN] [--plan RESULTS.json] [--summary | --dense] [--export planviz DIR]
       fleetlab-simulate INSTANCE.json --shift-hours H (--rate R | --profile R1,R2,...) [--robots N] [--dispatch D] [--summary | --dense] [--export planviz DIR]

Runs a plan with every robot on the floor at once and prints the execution as JSON.
  --algorithm NAME   solve the instance first with this algorithm (default makespan; ids 1-7 work too); in a shift, the one that re-plans
  --time-limit S     seconds for genetic and makespan (default 10)
  --plan FILE        execute this plan instead: a results map, or { "results": ... } as fleetlab-solve prints
  --chargers K       charging points per station (default: one per robot)
  --traffic-policy NAME  how robots move: ${TRAFFIC_POLICY_NAMES_TEXT} (default ${DEFAULT_TRAFFIC_POLICY}, or the instance's traffic_policy)
  --robot-model NAME how the robots move: ${ROBOT_MODEL_NAMES_TEXT} (default point, or the instance's robot_model);
                     the plan and the run (a day or a shift) are timed with it
  --delays RATE:SECONDS  random stops: RATE per robot-hour on the move, each SECONDS on average (exponential)
  --breakdowns MTBF_H:REPAIR_MIN  breakdowns: MTBF_H hours on the move between them on average (exponential),
                     REPAIR_MIN minutes each, the robot's cell blocked meanwhile (a day or a shift; the
                     execution's totals then also hold the same run without them, same seed)
  --summary          one line: the traffic policy, planned, free-flow and executed makespan, waiting, throughput,
                     extra charges, delays and breakdowns (count/seconds lost, none when not set), conflicts
  --dense            for other tools: every robot's cells as it entered them ([t_s, x, y, heading_deg],
                     t when its centre reached the cell's centre, heading 0 = +x, 90 = +y), a point
                     robot's cell at every step too, deliveries and charges
  --export planviz DIR  also write the execution for PlanViz into DIR: NAME.json (the League of Robot
                     Runners output format, action model MAPF) and NAME.map (the floor), NAME the instance's id

A shift: orders released over H hours (a Poisson stream drawn from the instance's tasks, or at the
instance's release_s times), handed to the robots as they come, run on the same floor. Prints
{ results, stats, execution }; --summary prints the shift's figures on one line.
  --shift-hours H    the shift's length in hours (${SHIFT_RANGES.hours.min}-${SHIFT_RANGES.hours.max})
  --rate R           orders per hour throughout
  --profile R1,R2    orders per hour, one rate per started hour
  --robots N         the first N robots of the layout (default all)
  --dispatch D       ${dispatchPolicyValues.join(' or ')} (default ${SHIFT_DEFAULTS.dispatch})
  --reoptimise-every S  seconds of shift time between re-plans (default ${SHIFT_DEFAULTS.reoptimise_every_s})
  --shift-seed N     seed of the orders (default ${SHIFT_DEFAULTS.seed})
  --replan-iterations N  the planner's improvement iterations per re-plan (default ${REPLAN_ITERATIONS})
`;

interface Writable {
  write(chunk: string): unknown;
}

interface CliArguments {
  instance: string;
  /** The algorithm named by --algorithm (a name or an id). */
  algorithm: AlgorithmName;
  timeLimitS: number;
  plan?: string;
  chargers?: number;
  trafficPolicy?: string;
  robotModel?: RobotModelPresetName;
  output: 'json' | 'summary' | 'dense';
  /** `params.shift` as the flags give it (validated by the warehouse's schema), or absent for a day's plan. */
  shift?: Record<string, unknown>;
  robots?: number;
  replanIterations?: number;
  /** Where to write the PlanViz files of the execution (`--export planviz DIR`). */
  planVizDirectory?: string;
  /** `parameters.delays` and `parameters.breakdowns` as --delays and --breakdowns give them. */
  delays?: { rate_per_robot_h: number; mean_s: number };
  breakdowns?: { mtbf_h: number; repair_min: number };
}

/**
 * `--delays RATE:SECONDS` or `--breakdowns MTBF_H:REPAIR_MIN` as parameters, checked by the
 * warehouse's schema; the refusal names the flag.
 */
function disruptionFlag<K extends string>(
  flag: string,
  text: string,
  fields: readonly [K, K],
  form: string,
  schema: typeof delaysParametersSchema | typeof breakdownsParametersSchema,
): Record<K, number> | string {
  const parts = text.split(':');
  if (parts.length !== 2 || parts.some((part) => part.trim() === '' || !Number.isFinite(Number(part))))
    return `${flag} needs ${form}, got ${JSON.stringify(text)}`;
  const value = { [fields[0]]: Number(parts[0]), [fields[1]]: Number(parts[1]) } as Record<K, number>;
  const checked = schema.safeParse(value);
  if (!checked.success) return `${flag} ${text}: ${checked.error.issues[0].message}`;
  return value;
}

/** Each shift setting's flag, so a refusal names the flag the user typed. */
const SHIFT_FLAGS: Record<string, string> = {
  hours: '--shift-hours',
  orders_per_hour: '--rate',
  profile: '--profile',
  dispatch: '--dispatch',
  reoptimise_every_s: '--reoptimise-every',
  seed: '--shift-seed',
};
const flagOf = (field: string) => SHIFT_FLAGS[field] ?? field;

function parseArguments(argv: string[]): CliArguments | string {
  const parsed: Partial<CliArguments> & Pick<CliArguments, 'timeLimitS' | 'output'> = {
    timeLimitS: 10,
    output: 'json',
  };
  let algorithm = 'makespan';
  const shift: Record<string, unknown> = {};
  for (let k = 0; k < argv.length; k++) {
    const argument = argv[k];
    const [flag, inline] =
      argument.startsWith('--') && argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    const value = () => {
      const given = inline ?? argv[++k];
      if (given === undefined) throw new Error(`${flag} needs a value`);
      return given;
    };
    try {
      if (flag === '--algorithm') algorithm = value();
      else if (flag === '--time-limit') parsed.timeLimitS = Number(value());
      else if (flag === '--plan') parsed.plan = value();
      else if (flag === '--chargers') parsed.chargers = Number(value());
      else if (flag === '--traffic-policy') parsed.trafficPolicy = value();
      else if (flag === '--robot-model') {
        const name = value();
        const preset = robotModelPresetByName(name);
        if (!preset) return `Unknown robot model ${name}; use one of ${ROBOT_MODEL_NAMES_TEXT}`;
        parsed.robotModel = preset.name;
      } else if (flag === '--shift-hours') shift.hours = Number(value());
      else if (flag === '--rate') shift.orders_per_hour = Number(value());
      else if (flag === '--profile') shift.profile = value().split(',').map(Number);
      else if (flag === '--dispatch') shift.dispatch = value();
      else if (flag === '--reoptimise-every') shift.reoptimise_every_s = Number(value());
      else if (flag === '--shift-seed') shift.seed = Number(value());
      else if (flag === '--robots') parsed.robots = Number(value());
      else if (flag === '--replan-iterations') parsed.replanIterations = Number(value());
      else if (flag === '--delays') {
        const delays = disruptionFlag(
          flag,
          value(),
          ['rate_per_robot_h', 'mean_s'],
          'RATE:SECONDS',
          delaysParametersSchema,
        );
        if (typeof delays === 'string') return delays;
        parsed.delays = delays;
      } else if (flag === '--breakdowns') {
        const breakdowns = disruptionFlag(
          flag,
          value(),
          ['mtbf_h', 'repair_min'],
          'MTBF_H:REPAIR_MIN',
          breakdownsParametersSchema,
        );
        if (typeof breakdowns === 'string') return breakdowns;
        parsed.breakdowns = breakdowns;
      } else if (flag === '--summary') parsed.output = 'summary';
      else if (flag === '--dense') parsed.output = 'dense';
      else if (flag === '--export') {
        const format = value();
        if (format !== 'planviz') return `--export writes planviz, got ${JSON.stringify(format)}`;
        const directory = argv[++k];
        if (directory === undefined || directory.startsWith('--')) return '--export planviz needs a directory';
        parsed.planVizDirectory = directory;
      } else if (flag.startsWith('--')) return `Unknown flag ${flag}`;
      else if (parsed.instance === undefined) parsed.instance = argument;
      else return `Unexpected argument ${argument}`;
    } catch (error) {
      return (error as Error).message;
    }
  }
  if (!parsed.instance) return 'Missing INSTANCE.json';
  const described = algorithmByIdOrName(algorithm);
  if (!described) return `Unknown algorithm ${algorithm}; use one of ${ALGORITHMS.map((a) => a.name).join(', ')}`;
  parsed.algorithm = described.name;
  if (!(parsed.timeLimitS > 0)) return '--time-limit needs a positive number of seconds';
  if (parsed.chargers !== undefined && !(Number.isInteger(parsed.chargers) && parsed.chargers >= 1))
    return '--chargers needs a whole number >= 1';
  if (parsed.trafficPolicy !== undefined && !trafficPolicyByName(parsed.trafficPolicy))
    return `Unknown traffic policy ${parsed.trafficPolicy}; use one of ${TRAFFIC_POLICY_NAMES_TEXT}`;
  if (parsed.robots !== undefined && !(Number.isInteger(parsed.robots) && parsed.robots >= 1))
    return '--robots needs a whole number >= 1';
  if (
    parsed.replanIterations !== undefined &&
    !(Number.isInteger(parsed.replanIterations) && parsed.replanIterations >= 0)
  )
    return '--replan-iterations needs a whole number >= 0';
  const shiftFlags = Object.keys(shift)
    .map(flagOf)
    .concat(parsed.replanIterations === undefined ? [] : ['--replan-iterations']);
  if (shift.hours === undefined) {
    if (shiftFlags.length > 0) return `${shiftFlags[0]} needs --shift-hours`;
    return parsed as CliArguments;
  }
  if (parsed.plan !== undefined)
    return "--plan runs a day's plan; a shift (--shift-hours) makes its own as orders arrive";
  const checked = shiftParametersSchema.safeParse(shift);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return `${flagOf(String(issue.path[0] ?? 'hours'))}: ${issue.message}`;
  }
  return { ...parsed, shift } as CliArguments;
}

interface InstanceFile {
  id?: string;
  environment: FloorEnvironment & { graph: unknown };
  tasks: [string, string][];
  /** Exact release times of the tasks in a shift, one per pair (as a task's `release_s`). */
  release_s?: number[];
  params?: SimulationParams & Record<string, unknown>;
}

/** Exit codes: 0 done, 1 the plan cannot run (message on stderr), 2 bad arguments or files. */
export async function runCli(argv: string[], stdout: Writable, stderr: Writable): Promise<number> {
  const parsed = parseArguments(argv);
  if (typeof parsed === 'string') {
    stderr.write(`${parsed}\n\n${USAGE}`);
    return 2;
  }
  let instance: InstanceFile;
  let givenPlan: unknown;
  // The file a read failure is about: the instance, then the plan.
  let reading = parsed.instance;
  try {
    instance = JSON.parse(await readFile(parsed.instance, 'utf8'));
    if (parsed.plan) {
      reading = parsed.plan;
      const file = JSON.parse(await readFile(parsed.plan, 'utf8'));
      givenPlan = file && typeof file === 'object' && 'results' in file ? file.results : file;
    }
  } catch (error) {
    stderr.write(`Cannot read ${reading}: ${(error as Error).message}\n`);
    return 2;
  }
  if (parsed.robots !== undefined) {
    const robots = instance.environment.elements.robots ?? [];
    if (parsed.robots > robots.length) {
      stderr.write(`--robots ${parsed.robots}: the layout has ${robots.length} robots\n\n${USAGE}`);
      return 2;
    }
    instance.environment = {
      ...instance.environment,
      elements: { ...instance.environment.elements, robots: robots.slice(0, parsed.robots) },
    };
  }
  const params = {
    ...(instance.params ?? {}),
    ...(parsed.chargers === undefined ? {} : { chargers: parsed.chargers }),
    ...(parsed.trafficPolicy === undefined ? {} : { traffic_policy: parsed.trafficPolicy }),
    ...(parsed.robotModel === undefined ? {} : { robot_model: parsed.robotModel }),
    ...(parsed.delays === undefined ? {} : { delays: parsed.delays }),
    ...(parsed.breakdowns === undefined ? {} : { breakdowns: parsed.breakdowns }),
  };
  if (parsed.shift) return await runShiftCli(parsed, instance, { ...params, shift: parsed.shift }, stdout, stderr);
  try {
    const plan =
      givenPlan ??
      solve(
        buildProblem({
          environment: instance.environment as never,
          tasks: instance.tasks,
          // The plan is timed with the robot model the run uses.
          params: params as never,
        }),
        {
          algorithm: parsed.algorithm,
          timeLimitS: parsed.timeLimitS,
        },
      ).results;
    const started = performance.now();
    const execution = simulate(instance.environment, plan, params, { tasks: instance.tasks });
    const runtimeMs = Math.round(performance.now() - started);
    await exportPlanViz(parsed, instance, execution, stderr);
    if (parsed.output === 'summary') {
      const totals = execution.totals;
      stdout.write(
        `${[
          `instance=${instance.id ?? parsed.instance}`,
          `traffic_policy=${params.traffic_policy ?? DEFAULT_TRAFFIC_POLICY}`,
          `planned=${totals.planned_makespan_s.toFixed(2)}s`,
          `free_flow=${totals.free_flow_makespan_s.toFixed(2)}s`,
          `executed=${totals.executed_makespan_s.toFixed(2)}s`,
          `waiting=${totals.waiting_s.toFixed(2)}s`,
          `throughput=${totals.throughput_per_h.toFixed(1)}/h`,
          `extra_charges=${totals.extra_charges}`,
          ...disruptionFigures(totals),
          `runtime=${runtimeMs}ms`,
        ].join(' ')}\n`,
      );
    } else if (parsed.output === 'dense') {
      stdout.write(`${JSON.stringify({ ...toDense(execution, chargersByStation(instance, params)), plan })}\n`);
    } else {
      stdout.write(`${JSON.stringify(execution)}\n`);
    }
    return 0;
  } catch (error) {
    return refusal(error, stderr);
  }
}

/** With `--export planviz DIR`, writes the execution's PlanViz files and names them on stderr. */
async function exportPlanViz(
  parsed: CliArguments,
  instance: InstanceFile,
  execution: ExecutionRecord,
  stderr: Writable,
): Promise<void> {
  if (parsed.planVizDirectory === undefined) return;
  const name = instance.id ?? basename(parsed.instance, extname(parsed.instance));
  const paths = await writePlanVizFiles(parsed.planVizDirectory, name, instance.environment, execution);
  stderr.write(`PlanViz files: ${paths.plan} ${paths.map}\n`);
}

/** Runs a shift and prints its outcome, its summary line or its dense form. */
async function runShiftCli(
  parsed: CliArguments,
  instance: InstanceFile,
  params: ShiftParams,
  stdout: Writable,
  stderr: Writable,
): Promise<number> {
  try {
    const started = performance.now();
    const outcome = runShift(instance.environment, instance.tasks, params, {
      algorithm: parsed.algorithm,
      releaseS: instance.release_s,
      replanIterations: parsed.replanIterations,
    });
    const runtimeMs = Math.round(performance.now() - started);
    await exportPlanViz(parsed, instance, outcome.execution, stderr);
    if (parsed.output === 'summary')
      stdout.write(`${shiftSummary(instance.id ?? parsed.instance, params, outcome, runtimeMs)}\n`);
    else if (parsed.output === 'dense')
      stdout.write(
        JSON.stringify({ ...toDense(outcome.execution, chargersByStation(instance, params)), plan: outcome.results }) +
          '\n',
      );
    else stdout.write(`${JSON.stringify(outcome)}\n`);
    return 0;
  } catch (error) {
    return refusal(error, stderr);
  }
}

/** The shift's figures on one line of key=value pairs. */
function shiftSummary(instanceId: string, params: ShiftParams, outcome: ShiftOutcome, runtimeMs: number): string {
  const figures = outcome.stats.shift;
  const seconds = (value: number | null) => (value === null ? 'none' : `${value.toFixed(2)}s`);
  return [
    `instance=${instanceId}`,
    `dispatch=${figures.dispatch}`,
    `traffic_policy=${params.traffic_policy ?? DEFAULT_TRAFFIC_POLICY}`,
    `robots=${Object.keys(outcome.execution.robots).length}`,
    `hours=${figures.hours}`,
    `released=${figures.released}`,
    `delivered=${figures.delivered}`,
    `throughput=${figures.throughput_per_h.toFixed(1)}/h`,
    `cycle_p50=${seconds(figures.cycle_p50_s)}`,
    `cycle_p95=${seconds(figures.cycle_p95_s)}`,
    `cycle_max=${seconds(figures.cycle_max_s)}`,
    `backlog_max=${figures.backlog_max}`,
    `backlog_end=${figures.backlog_end}`,
    `backlog_trend=${figures.backlog_trend}`,
    `utilisation=${figures.utilisation_pct.toFixed(1)}%`,
    `charger_queue_p95=${seconds(figures.charger_queue_p95_s)}`,
    `replans=${figures.replans}`,
    ...disruptionFigures(outcome.execution.totals),
    `runtime=${runtimeMs}ms`,
  ].join(' ');
}

/** The summary's `delays=`, `breakdowns=` (count/seconds lost, `none` when not set) and `conflicts=`. */
function disruptionFigures(totals: ExecutionRecord['totals']): string[] {
  const stops = (figures: { count: number; lost_s: number } | undefined) =>
    figures === undefined ? 'none' : `${figures.count}/${figures.lost_s.toFixed(2)}s`;
  return [`delays=${stops(totals.delays)}`, `breakdowns=${stops(totals.breakdowns)}`, `conflicts=${totals.conflicts}`];
}

/** Chargers per station for the dense form: the parameter, or one per robot. */
function chargersByStation(instance: InstanceFile, params: SimulationParams): Record<string, number> {
  const robotsPerStation: Record<string, number> = {};
  for (const robot of instance.environment.elements.robots ?? [])
    robotsPerStation[robot.station_id] = (robotsPerStation[robot.station_id] ?? 0) + 1;
  return Object.fromEntries(
    Object.entries(robotsPerStation).map(([station, count]) => [station, params.chargers ?? count]),
  );
}

/** Exit 1 with the message of a plan or shift that cannot run; anything else is a fault. */
function refusal(error: unknown, stderr: Writable): number {
  if (
    error instanceof SimulationError ||
    error instanceof InfeasibleDeliveryError ||
    error instanceof InvalidProblemError
  ) {
    stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  throw error;
}
