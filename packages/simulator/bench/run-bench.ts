/**
 * Benchmark: plans executed on the shared floor. By default every public instance (solved with
 * `makespan`), the crowded `dense` floor and the 400-robot, 20,000-order day `d20k` (solved with
 * `greedy_distance`: each order, in turn, to the robot that finishes it soonest). Each execution
 * is re-checked with checkExecution (conflicts must be 0).
 *
 *   npm run bench:simulator [-- --time-limit 2] [--max-iterations N] [--instances s1,xl1,d5k,dense]
 *                           [--skip-day] [--traffic-policy NAME | --compare-policies | --pipeline | --reserve-from-floor]
 *                           [--seed N] [--max-distance M]
 *
 * `--instances` takes the ids of packages/solver/bench (the files and the generated t1, t2, d5k,
 * d20k, dense, dense-1w, hotspot, hotspot-1w). `--max-iterations` caps the optimiser's search, so the plans (and so the table)
 * are the same on any machine at any load. `--traffic-policy` executes with one policy (default:
 * the default policy); `--compare-policies` executes each plan with every policy and prints how
 * much sooner each finishes than plain PIBT and each one's delay (executed less free flow) against
 * the guided policy's. `--pipeline` compares whole pipelines on each
 * instance: greedy_distance executed with plain PIBT (the baseline) against what a solve does
 * (`planAndExecute`: makespan, its best distinct plans each executed with the default policy, the
 * one that runs best kept); `--reserve-from-floor` plans and executes each instance as a solve does
 * (`planAndExecute` with one candidate), so the automatic battery reserve follows the floor, and
 * prints the reserves tried; its `sim_ms` covers every plan it executed. `detour%` is how many more metres the robots
 * drove up to their last deliveries than alone on the floor. `ratio` is executed / free flow (free flow = each
 * robot alone on the floor = the plan); `sim_ms` is the wall time of `simulate` (the run and its
 * check) on the solve's clock, whose legs' rows the plan already made, as a solve's execution
 * reads them (`SimulateOptions.clock`), `ms_step` that over the steps run, `cpu_ms` its CPU time, and the machine's load average is printed with the table.
 * `--max-distance M` executes the same plans with M metres a charge: with M large no battery
 * binds on the floor (no robot short of charge, no extra charge), which separates what traffic
 * costs from what batteries add to it. `--robot-model NAME[,NAME...]` plans and executes each
 * instance with each robot model (`ROBOT_MODEL_PRESETS`; default the instance's, else point).
 */
import { loadavg } from 'node:os';
import { buildProblem, solve } from '@fleetlab/solver';
import {
  DEFAULT_TRAFFIC_POLICY,
  type RobotModelPresetName,
  TRAFFIC_POLICIES,
  trafficPolicyByName,
  type ExecutionRecord,
  type FloorClock,
  type FloorEnvironment,
  type TrafficPolicyName,
} from '@fleetlab/warehouse';
import { benchInstanceIds, committedInstanceIds, loadBenchInstance } from '../../solver/bench/generated-instances.ts';
import { checkExecution, planAndExecute, simulate, SimulationError } from '../src/index.ts';
import { readFlags, robotModelList } from './bench-flags.ts';

type BenchInstance = ReturnType<typeof loadBenchInstance> & {
  tasks: [string, string][];
  params?: Record<string, unknown>;
};

interface Flags {
  timeLimitS: number;
  maxIterations: number | undefined;
  instances: string[];
  skipDay: boolean;
  policies: TrafficPolicyName[];
  seed: number;
  maxDistance: number | undefined;
  pipeline: boolean;
  /** Plan and execute as a solve does (`planAndExecute`, one candidate): the automatic reserve follows the floor. */
  reserveFromFloor: boolean;
  /** Robot models to plan and execute each instance with (empty: the instance's). */
  robotModels: RobotModelPresetName[];
}

const FLAGS_TEXT =
  '--time-limit S, --max-iterations N, --instances a,b, --skip-day, --traffic-policy NAME, --compare-policies, --pipeline, --reserve-from-floor, --seed N, --max-distance M, --robot-model NAME[,NAME...]';
const ORDER = [
  's1',
  's2',
  'm1',
  'm2',
  'l1',
  'xl1',
  't1',
  't2',
  'dense',
  'dense-1w',
  'hotspot',
  'hotspot-1w',
  'd5k',
  'd20k',
];

function parseFlags(argv: string[]): Flags {
  const flags: Flags = {
    timeLimitS: 2,
    maxIterations: undefined,
    instances: [],
    skipDay: false,
    policies: [DEFAULT_TRAFFIC_POLICY],
    seed: 1,
    maxDistance: undefined,
    pipeline: false,
    reserveFromFloor: false,
    robotModels: [],
  };
  readFlags(argv, (flag, value) => {
    if (flag === '--time-limit') flags.timeLimitS = Number(value());
    else if (flag === '--max-iterations') flags.maxIterations = Number(value());
    else if (flag === '--instances') flags.instances = value().split(',');
    else if (flag === '--skip-day') flags.skipDay = true;
    else if (flag === '--traffic-policy') {
      const name = value();
      const policy = trafficPolicyByName(name);
      if (!policy)
        throw new Error(`Unknown traffic policy ${name}; use one of ${TRAFFIC_POLICIES.map((p) => p.name).join(', ')}`);
      flags.policies = [policy.name];
    } else if (flag === '--compare-policies') flags.policies = TRAFFIC_POLICIES.map((policy) => policy.name);
    else if (flag === '--pipeline') flags.pipeline = true;
    else if (flag === '--reserve-from-floor') flags.reserveFromFloor = true;
    else if (flag === '--seed') flags.seed = Number(value());
    else if (flag === '--max-distance') flags.maxDistance = Number(value());
    else if (flag === '--robot-model') {
      flags.robotModels = robotModelList(value());
    } else throw new Error(`Unknown flag ${flag}; flags: ${FLAGS_TEXT}`);
  });
  for (const id of flags.instances)
    if (!benchInstanceIds().includes(id))
      throw new Error(`Unknown instance ${id}; known: ${benchInstanceIds().join(', ')}`);
  return flags;
}

const pad = (value: string, width: number) => value.padStart(width);
const COLUMNS: [string, number][] = [
  ['instance', -10],
  ['model', -10],
  ['planner', -9],
  ['policy', -7],
  ['robots', 6],
  ['orders', 6],
  ['planned', 8],
  ['freeflow', 8],
  ['executed', 8],
  ['ratio', 6],
  ['waiting', 8],
  // Of the waiting, seconds queued beside docks another robot was at (the rest beyond charger queues is traffic).
  ['dockq', 7],
  ['maxwait', 7],
  ['detour%', 7],
  ['per_h', 6],
  ['extra', 5],
  ['rply', 4],
  ['conflicts', 9],
  ['sim_ms', 7],
  ['ms_step', 7],
  ['cpu_ms', 7],
  ['rss_MiB', 7],
];

function printRow(cells: string[]): void {
  console.log(
    cells.map((cell, k) => (COLUMNS[k][1] < 0 ? cell.padEnd(-COLUMNS[k][1]) : pad(cell, COLUMNS[k][1]))).join('  '),
  );
}

/** Executes one plan with one policy and prints its row; returns the executed makespan (NaN when the run fails, with the reason printed). */
function row(
  id: string,
  planner: string,
  policy: TrafficPolicyName,
  environment: FloorEnvironment,
  plan: unknown,
  params: Record<string, unknown>,
  tasks: [string, string][],
  seed: number,
  clock?: FloorClock,
): number {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let execution: ReturnType<typeof simulate>;
  try {
    execution = simulate(environment, plan, { ...params, traffic_policy: policy }, { tasks, seed, clock });
  } catch (error) {
    if (!(error instanceof SimulationError)) throw error;
    console.log(
      `${id.padEnd(10)}  ${String(params.robot_model ?? 'point').padEnd(10)}  ${planner.padEnd(9)}  ${policy.padEnd(7)}  failed after ${((performance.now() - started) / 1000).toFixed(1)} s: ${error.message}`,
    );
    return Number.NaN;
  }
  printExecution(
    id,
    planner,
    policy,
    environment,
    plan,
    params,
    execution,
    performance.now() - started,
    process.cpuUsage(cpu).user / 1000,
  );
  executedFreeFlow.set(id, execution.totals.free_flow_makespan_s);
  return execution.totals.executed_makespan_s;
}

/** Each instance's free-flow makespan (the plan's), for the delay comparison. */
const executedFreeFlow = new Map<string, number>();

function printExecution(
  id: string,
  planner: string,
  policy: TrafficPolicyName,
  environment: FloorEnvironment,
  plan: unknown,
  params: Record<string, unknown>,
  execution: ExecutionRecord,
  runtimeMs: number,
  cpuMs: number,
): void {
  const conflicts = checkExecution(environment, plan, execution, params).errors.length;
  const t = execution.totals;
  printRow([
    id,
    String(params.robot_model ?? 'point'),
    planner,
    policy,
    String(Object.keys(execution.robots).length),
    String(t.deliveries),
    t.planned_makespan_s.toFixed(1),
    t.free_flow_makespan_s.toFixed(1),
    t.executed_makespan_s.toFixed(1),
    (t.executed_makespan_s / t.free_flow_makespan_s).toFixed(3),
    t.waiting_s.toFixed(0),
    Object.values(t.dock_queue_s ?? {})
      .reduce((sum, seconds) => sum + seconds, 0)
      .toFixed(0),
    t.max_robot_waiting_s.toFixed(0),
    t.free_flow_distance_m && t.executed_distance_m !== undefined
      ? (100 * (t.executed_distance_m / t.free_flow_distance_m - 1)).toFixed(1)
      : '-',
    t.throughput_per_h.toFixed(0),
    String(t.extra_charges),
    String(t.reserve_replays),
    String(conflicts),
    runtimeMs.toFixed(0),
    (runtimeMs / Math.max(1, t.steps)).toFixed(2),
    Number.isNaN(cpuMs) ? '-' : cpuMs.toFixed(0),
    (process.memoryUsage().rss / 2 ** 20).toFixed(0),
  ]);
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** One instance planned and executed as a solve does, the reserves it tried after the row. */
function reserveFromFloorRow(
  id: string,
  planner: 'makespan' | 'greedy_distance',
  instance: BenchInstance,
  params: Record<string, unknown>,
  flags: Flags,
): void {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outcome = planAndExecute(
    { ...instance, params },
    {
      algorithm: planner,
      timeLimitS: flags.timeLimitS,
      maxIterations: flags.maxIterations,
      seed: 1,
      executionSeed: flags.seed,
      candidates: 1,
    },
  );
  const label = planner === 'makespan' ? planner : 'greedy';
  if (!outcome.execution) {
    console.log(`${id.padEnd(10)}  failed: ${outcome.executionError}`);
  } else {
    const kept = { ...params, battery_reserve_pct: outcome.stats.battery_reserve_pct };
    const elapsed = performance.now() - started;
    printExecution(
      id,
      label,
      DEFAULT_TRAFFIC_POLICY,
      instance.environment,
      outcome.results,
      kept,
      outcome.execution,
      elapsed,
      process.cpuUsage(cpu).user / 1000,
    );
  }
  const tries = outcome.stats.reserve_from_floor?.tries ?? [
    { reserve_pct: outcome.stats.battery_reserve_pct, extra_charges: outcome.execution?.totals.extra_charges ?? null },
  ];
  console.log(
    `${id}: reserves tried ${tries.map((run) => `${run.reserve_pct}% (${run.extra_charges === null ? 'could not run' : `${run.extra_charges} extra`})`).join(', ')}; kept ${outcome.stats.battery_reserve_pct}%`,
  );
}

/** The baseline pipeline (greedy_distance, plain PIBT) against a solve's (`planAndExecute`), side by side. */
function comparePipelines(id: string, instance: BenchInstance, params: Record<string, unknown>, flags: Flags): void {
  const greedy = solve(buildProblem(instance), { algorithm: 'greedy_distance', seed: 1 }).results;
  const baseline = row(id, 'greedy', 'pibt', instance.environment, greedy, params, instance.tasks, flags.seed);
  // No traffic_policy in the parameters: a solve executes with the default policy.
  const input = { ...instance, params };
  const outcome = planAndExecute(input, {
    algorithm: 'makespan',
    timeLimitS: flags.timeLimitS,
    maxIterations: flags.maxIterations,
    seed: 1,
    executionSeed: flags.seed,
  });
  if (!outcome.execution) {
    console.log(`${id.padEnd(10)}  chosen     ${DEFAULT_TRAFFIC_POLICY.padEnd(7)}  failed: ${outcome.executionError}`);
    return;
  }
  // sim_ms: every candidate's run; cpu_ms is not measured apart from the solve's.
  printExecution(
    id,
    'chosen',
    DEFAULT_TRAFFIC_POLICY,
    instance.environment,
    outcome.results,
    params,
    outcome.execution,
    outcome.executionMs,
    Number.NaN,
  );
  const choice = outcome.stats.traffic_choice;
  const executed = outcome.execution.totals.executed_makespan_s;
  const chose = !choice
    ? 'one plan'
    : choice.kept === 0
      ? `of ${choice.candidates} plans the best planned ran best`
      : `of ${choice.candidates} plans the ${ordinal(choice.kept + 1)} best planned ran best, ${(choice.gain_s ?? 0).toFixed(1)} s sooner than the best planned`;
  console.log(
    `${id}: makespan + congestion-aware choice + ${DEFAULT_TRAFFIC_POLICY} finishes ${(100 * (1 - executed / baseline)).toFixed(1)}% sooner than greedy_distance + pibt (${executed.toFixed(1)} s against ${baseline.toFixed(1)} s; ${chose})`,
  );
}

const flags = parseFlags(process.argv.slice(2));
const committed = committedInstanceIds();
const defaults = [...committed, 'dense', ...(flags.skipDay ? [] : ['d20k'])];
const ids = (flags.instances.length > 0 ? flags.instances : defaults).sort(
  (a, b) => (ORDER.indexOf(a) + 1 || 99) - (ORDER.indexOf(b) + 1 || 99),
);
const cap = flags.maxIterations === undefined ? '' : `, at most ${flags.maxIterations} iterations`;
const charge = flags.maxDistance === undefined ? '' : `; executed with ${flags.maxDistance} m a charge`;
console.log(
  `Fleetlab simulator bench: public instances planned by makespan at ${flags.timeLimitS} s${cap}, generated ones by greedy_distance; simulation seed ${flags.seed}${charge}; times in seconds`,
);
console.log(
  `load average at start: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
printRow(COLUMNS.map(([name]) => name));
const runs = ids.flatMap((id): { id: string; model: RobotModelPresetName | undefined }[] =>
  flags.robotModels.length > 0 ? flags.robotModels.map((model) => ({ id, model })) : [{ id, model: undefined }],
);
for (const { id, model } of runs) {
  const loaded = loadBenchInstance(id) as BenchInstance;
  // A robot model times the plan as well as the run.
  const instance =
    model === undefined ? loaded : { ...loaded, params: { ...(loaded.params ?? {}), robot_model: model } };
  const params = {
    ...(instance.params ?? {}),
    ...(flags.maxDistance === undefined ? {} : { max_distance: flags.maxDistance }),
  };
  if (flags.pipeline) {
    comparePipelines(id, instance, params, flags);
    continue;
  }
  const planner = committed.includes(id) ? 'makespan' : 'greedy_distance';
  if (flags.reserveFromFloor) {
    reserveFromFloorRow(id, planner, instance, params, flags);
    continue;
  }
  const problem = buildProblem(instance);
  const { results } = solve(problem, {
    algorithm: planner,
    timeLimitS: flags.timeLimitS,
    maxIterations: flags.maxIterations,
    seed: 1,
  });
  const executed = flags.policies.map((policy) =>
    row(
      id,
      planner === 'makespan' ? planner : 'greedy',
      policy,
      instance.environment,
      results,
      params,
      instance.tasks,
      flags.seed,
      problem.floorClock ?? undefined,
    ),
  );
  if (flags.policies.length > 1) {
    // A policy whose run jammed has no figure (NaN): it is named as jammed, not compared.
    const figure = (value: number, text: string) => (Number.isFinite(value) ? text : 'jammed');
    const baseline = executed[flags.policies.indexOf('pibt')];
    const sooner = flags.policies
      .map((policy, k) =>
        Number.isFinite(baseline)
          ? `${policy} ${figure(executed[k], `${(100 * (1 - executed[k] / baseline)).toFixed(1)}%`)}`
          : `${policy} (pibt jammed)`,
      )
      .filter((_, k) => flags.policies[k] !== 'pibt');
    console.log(`${id}: sooner than pibt: ${sooner.join(', ')}`);
    // Delay = executed less free flow (the plan): what the crowd cost, against the guided policy's.
    const freeFlow = executedFreeFlow.get(id) ?? Number.NaN;
    const guided = executed[flags.policies.indexOf('guided')] - freeFlow;
    const delays = flags.policies
      .map((policy, k) => {
        const delay = executed[k] - freeFlow;
        const less = Number.isFinite(guided) ? ` (${(100 * (1 - delay / guided)).toFixed(1)}% less)` : '';
        return `${policy} ${figure(delay, `${delay.toFixed(0)} s${less}`)}`;
      })
      .filter((_, k) => flags.policies[k] !== 'guided');
    console.log(`${id}: delay against guided's ${figure(guided, `${guided.toFixed(0)} s`)}: ${delays.join(', ')}`);
  }
}
console.log(
  `load average at end: ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
