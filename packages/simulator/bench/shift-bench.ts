/**
 * Benchmark: shifts. Orders drawn from each instance's tasks (its demand mix) at a rate per hour,
 * handed out by a dispatch policy and run on the floor with every robot at once (`runShift`).
 *
 *   npm run bench:shift [-- --only targets|compare|sweep|models] [--compare-rates 1200,3000]
 *                       [--sweep-rates 2400,2800,...] [--sweep-hours H] [--replan-iterations N]
 *                       [--robot-models point,drive-unit,amr] [--models-hours H] [--models-rate R]
 *
 * 1. targets: 100 robots on xl1's floor, 8 h at 1,200 orders/h (target: under 30 s), and 400
 *    robots on d20k's floor, 8 h at 3,000 orders/h (target: under 2 minutes and 2 GB);
 * 2. compare: reoptimise against nearest_idle on xl1's floor, 8 h at the same rates;
 * 3. sweep: for each policy on xl1's floor, shifts of `--sweep-hours` (default 3) at rising
 *    rates until the backlog grows: the highest rate it sustains with a stable backlog;
 * 4. models: xl1's floor, `--models-hours` (default 1) at `--models-rate` (default 1,200) orders/h,
 *    reoptimise, with each of `--robot-models`: the timed run's figures beside the dispatcher's
 *    (the discrete run at the model's top speed), and the orders done after the shift's end.
 * Each shift runs in a process of its own, which reports its wall and CPU time and its peak
 * memory (max RSS); the machine's load average is printed at the start and the end. Orders,
 * traffic and re-plans are seeded and capped by iterations, so every figure but the times is the
 * same on any machine.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  dispatchPolicyValues,
  type DispatchPolicy,
  type FloorEnvironment,
  type RobotModelPresetName,
} from '@fleetlab/warehouse';
import { loadBenchInstance } from '../../solver/bench/generated-instances.ts';
import { runShift } from '../src/index.ts';
import { readFlags, robotModelList } from './bench-flags.ts';

interface Row {
  instance: string;
  dispatch: DispatchPolicy;
  hours: number;
  rate: number;
  robots?: number;
  replanIterations?: number;
  robotModel?: RobotModelPresetName;
}

interface Measured {
  robots: number;
  released: number;
  delivered: number;
  throughput: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
  backlogMax: number;
  backlogEnd: number;
  trend: string;
  utilisation: number;
  chargerQueueP95: number;
  replans: number;
  extraCharges: number;
  replays: number;
  wallMs: number;
  cpuMs: number;
  maxRssMiB: number;
  /** With a robot model other than point: the dispatcher's figures (`stats.shift.dispatcher_view`), and orders done after the end. */
  dispatcher?: { delivered: number; throughput: number; p50: number | null; p95: number | null; backlogEnd: number };
  afterEnd: number;
}

/** Runs one shift in this process and prints its figures as JSON (the child's side of `measure`). */
function runRow(row: Row): void {
  const instance = loadBenchInstance(row.instance) as ReturnType<typeof loadBenchInstance> & {
    tasks: [string, string][];
    params?: Record<string, unknown>;
  };
  const environment = instance.environment as FloorEnvironment;
  const robots = environment.elements.robots ?? [];
  const fleet =
    row.robots === undefined
      ? environment
      : { ...environment, elements: { ...environment.elements, robots: robots.slice(0, row.robots) } };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { stats, execution } = runShift(
    fleet,
    instance.tasks,
    {
      ...(instance.params ?? {}),
      ...(row.robotModel === undefined ? {} : { robot_model: row.robotModel }),
      shift: { hours: row.hours, orders_per_hour: row.rate, dispatch: row.dispatch },
    },
    {
      algorithm: 'makespan',
      replanIterations: row.replanIterations,
    },
  );
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const shift = stats.shift!;
  const measured: Measured = {
    robots: Object.keys(execution.robots).length,
    released: shift.released,
    delivered: shift.delivered,
    throughput: shift.throughput_per_h,
    p50: shift.cycle_p50_s,
    p95: shift.cycle_p95_s,
    max: shift.cycle_max_s,
    backlogMax: shift.backlog_max,
    backlogEnd: shift.backlog_end,
    trend: shift.backlog_trend,
    utilisation: shift.utilisation_pct,
    chargerQueueP95: shift.charger_queue_p95_s,
    replans: shift.replans,
    extraCharges: execution.totals.extra_charges,
    replays: execution.totals.reserve_replays,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
    ...(shift.dispatcher_view
      ? {
          dispatcher: {
            delivered: shift.dispatcher_view.delivered,
            throughput: shift.dispatcher_view.throughput_per_h,
            p50: shift.dispatcher_view.cycle_p50_s,
            p95: shift.dispatcher_view.cycle_p95_s,
            backlogEnd: shift.dispatcher_view.backlog_end,
          },
        }
      : {}),
    afterEnd: execution.orders?.filter((order) => order.after_shift_end).length ?? 0,
  };
  process.stdout.write(JSON.stringify(measured));
}

/** Runs one shift in a process of its own, so its memory is its own. */
function measure(row: Row): Measured {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--row', JSON.stringify(row)],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(output);
}

const COLUMNS: [string, number][] = [
  ['instance', -8],
  ['dispatch', -12],
  ['robots', 6],
  ['hours', 5],
  ['rate', 5],
  ['released', 8],
  ['delivered', 9],
  ['per_h', 7],
  ['p50_s', 6],
  ['p95_s', 6],
  ['max_s', 6],
  ['backlog', 7],
  ['end', 5],
  ['trend', -7],
  ['util%', 5],
  ['chq95', 5],
  ['replans', 7],
  ['extra', 5],
  ['wall_s', 6],
  ['cpu_s', 6],
  ['rss_MiB', 7],
];

function printRow(cells: string[]): void {
  console.log(
    cells.map((cell, k) => (COLUMNS[k][1] < 0 ? cell.padEnd(-COLUMNS[k][1]) : cell.padStart(COLUMNS[k][1]))).join('  '),
  );
}

const figure = (value: number | null, digits = 1) => (value === null ? '-' : value.toFixed(digits));

function report(row: Row, m: Measured): void {
  printRow([
    row.instance,
    row.dispatch,
    String(m.robots),
    String(row.hours),
    String(row.rate),
    String(m.released),
    String(m.delivered),
    figure(m.throughput),
    figure(m.p50),
    figure(m.p95),
    figure(m.max),
    String(m.backlogMax),
    String(m.backlogEnd),
    m.trend,
    figure(m.utilisation),
    figure(m.chargerQueueP95, 0),
    String(m.replans),
    String(m.extraCharges),
    figure(m.wallMs / 1000),
    figure(m.cpuMs / 1000),
    figure(m.maxRssMiB, 0),
  ]);
}

function run(row: Row): Measured {
  const measured = measure(row);
  report(row, measured);
  return measured;
}

interface Flags {
  only: string | null;
  compareRates: number[];
  sweepRates: number[];
  sweepHours: number;
  replanIterations?: number;
  robotModels: RobotModelPresetName[];
  modelsHours: number;
  modelsRate: number;
}

function parseFlags(argv: string[]): Flags {
  const flags: Flags = {
    only: null,
    compareRates: [1200, 3400],
    sweepRates: [3000, 3200, 3400, 3600, 3800, 4000],
    sweepHours: 3,
    robotModels: ['point', 'drive-unit', 'amr'],
    modelsHours: 1,
    modelsRate: 1200,
  };
  const numbers = (text: string) => text.split(',').map(Number);
  readFlags(argv, (flag, value) => {
    if (flag === '--only') flags.only = value();
    else if (flag === '--compare-rates') flags.compareRates = numbers(value());
    else if (flag === '--sweep-rates') flags.sweepRates = numbers(value());
    else if (flag === '--sweep-hours') flags.sweepHours = Number(value());
    else if (flag === '--replan-iterations') flags.replanIterations = Number(value());
    else if (flag === '--robot-models') flags.robotModels = robotModelList(value());
    else if (flag === '--models-hours') flags.modelsHours = Number(value());
    else if (flag === '--models-rate') flags.modelsRate = Number(value());
    else
      throw new Error(
        `Unknown flag ${flag}; flags: --only targets|compare|sweep|models, --compare-rates a,b, --sweep-rates a,b, --sweep-hours H, --replan-iterations N, --robot-models a,b, --models-hours H, --models-rate R`,
      );
  });
  if (flags.only !== null && !['targets', 'compare', 'sweep', 'models'].includes(flags.only))
    throw new Error(`--only takes targets, compare, sweep or models, got ${flags.only}`);
  return flags;
}

function main(flags: Flags): void {
  const part = (name: string) => flags.only === null || flags.only === name;
  const replanIterations = flags.replanIterations;
  console.log(
    `Fleetlab shift bench: orders drawn from each instance's tasks, re-plans by makespan${replanIterations === undefined ? '' : ` capped at ${replanIterations} iterations`}; times in seconds`,
  );
  console.log(
    `load average at start: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  if (part('targets') || part('compare') || part('sweep')) printRow(COLUMNS.map(([name]) => name));
  if (part('targets')) {
    const xl1 = run({ instance: 'xl1', dispatch: 'reoptimise', hours: 8, rate: 1200, replanIterations });
    const d20k = run({ instance: 'd20k', dispatch: 'reoptimise', hours: 8, rate: 3000, replanIterations });
    console.log(
      `targets: xl1 8 h at 1,200/h in ${(xl1.wallMs / 1000).toFixed(1)} s (under 30 s: ${xl1.wallMs < 30_000 ? 'yes' : 'no'}); d20k 8 h at 3,000/h in ${(d20k.wallMs / 1000).toFixed(1)} s and ${d20k.maxRssMiB.toFixed(0)} MiB (under 120 s and 2 GB: ${d20k.wallMs < 120_000 && d20k.maxRssMiB < 2048 ? 'yes' : 'no'})`,
    );
  }
  if (part('compare')) {
    for (const rate of flags.compareRates) {
      const [reoptimise, nearest] = dispatchPolicyValues.map((dispatch) =>
        run({ instance: 'xl1', dispatch, hours: 8, rate, replanIterations }),
      );
      console.log(
        `compare at ${rate}/h on xl1: P95 cycle time reoptimise ${figure(reoptimise.p95)} s, nearest_idle ${figure(nearest.p95)} s`,
      );
    }
  }
  if (part('sweep')) {
    for (const dispatch of dispatchPolicyValues) {
      let sustained: number | null = null;
      for (const rate of flags.sweepRates) {
        const measured = run({ instance: 'xl1', dispatch, hours: flags.sweepHours, rate, replanIterations });
        if (measured.trend !== 'stable') break;
        sustained = rate;
      }
      console.log(
        `sweep on xl1, ${flags.sweepHours} h shifts: ${dispatch} sustains ${sustained === null ? 'none of the rates' : `${sustained}/h`} with a stable backlog`,
      );
    }
  }
  if (part('models')) {
    console.log(
      `robot models on xl1, ${flags.modelsHours} h at ${flags.modelsRate}/h, reoptimise: the timed run, then what the dispatcher saw (the discrete run at the model's top speed)`,
    );
    console.log(
      'model        delivered   per_h  p50_s   p95_s  backlog  end  after_end | disp: delivered   per_h  p50_s  p95_s  end | wall_s  cpu_s  rss_MiB',
    );
    for (const robotModel of flags.robotModels) {
      const m = measure({
        instance: 'xl1',
        dispatch: 'reoptimise',
        hours: flags.modelsHours,
        rate: flags.modelsRate,
        replanIterations,
        robotModel,
      });
      const d = m.dispatcher;
      console.log(
        [
          robotModel.padEnd(11),
          String(m.delivered).padStart(9),
          figure(m.throughput).padStart(7),
          figure(m.p50).padStart(6),
          figure(m.p95).padStart(7),
          String(m.backlogMax).padStart(8),
          String(m.backlogEnd).padStart(4),
          String(m.afterEnd).padStart(10),
          '|',
          (d ? String(d.delivered) : m.delivered.toString()).padStart(15),
          figure(d ? d.throughput : m.throughput).padStart(7),
          figure(d ? d.p50 : m.p50).padStart(6),
          figure(d ? d.p95 : m.p95).padStart(6),
          String(d ? d.backlogEnd : m.backlogEnd).padStart(4),
          '|',
          figure(m.wallMs / 1000).padStart(6),
          figure(m.cpuMs / 1000).padStart(6),
          figure(m.maxRssMiB, 0).padStart(8),
        ].join(' '),
      );
    }
  }
  console.log(
    `load average at end: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
}

const rowAt = process.argv.indexOf('--row');
if (rowAt >= 0) runRow(JSON.parse(process.argv[rowAt + 1]));
else main(parseFlags(process.argv.slice(2)));
