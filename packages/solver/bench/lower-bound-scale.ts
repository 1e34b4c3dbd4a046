/**
 * Lower-bound benchmark at scale: the model's bound and the battery-aware bound on generated
 * warehouses (the warehouse package's seeded generator, see generated-instances.ts).
 *
 *   npm run bench:bound -w @fleetlab/solver [-- --instances d1k,d5k,d20k,t1,t2] [--repeat 3]
 *
 * d1k: 1,000 orders, 100 robots (10 stations x 10) on d5k's 50x50 floor; d5k: 5,000 orders,
 * 200 robots; d20k: 20,000 orders, 400 robots; t1, t2: tight batteries (700 orders). The bounds
 * read place-level data only (shortest-path rows, deliveries, which robot can serve what). Times: the first run (compiling included, as in a solve) and the fastest of `--repeat` runs,
 * wall and processor time; the machine's other load shows in them.
 */
import { loadavg } from 'node:os';
import { generateWarehouseInstance, type InstanceGeneratorOptions } from '@fleetlab/warehouse';
import { batteryAwareBound } from '../src/bounds/battery-bound.ts';
import { modelLowerBound, usableRobots } from '../src/bounds/lower-bound.ts';
import { groupDeliveriesByPlace } from '../src/bounds/place-groups.ts';
import { predecessorAssignmentBound } from '../src/bounds/predecessor-bound.ts';
import { buildProblem } from '../src/problem/problem.ts';
import type { ProblemInput } from '../src/problem/problem-input.ts';
import { GENERATED_INSTANCES } from './generated-instances.ts';

const SIZES: Record<string, InstanceGeneratorOptions> = {
  d1k: { ...GENERATED_INSTANCES.d5k, stations: 10, orders: 1_000, seed: 1 },
  ...GENERATED_INSTANCES,
};

function parseFlags(argv: string[]) {
  const flags = { instances: ['d1k', 'd5k', 'd20k'], repeat: 3 };
  for (let k = 0; k < argv.length; k++) {
    const [flag, inline] = argv[k].includes('=') ? argv[k].split(/=(.*)/s, 2) : [argv[k], undefined];
    const value = () => inline ?? argv[++k];
    if (flag === '--instances') flags.instances = value().split(',');
    else if (flag === '--repeat') flags.repeat = Number(value());
    else throw new Error(`Unknown flag ${argv[k]}; flags: --instances ${Object.keys(SIZES).join(',')}, --repeat N`);
  }
  for (const id of flags.instances)
    if (!SIZES[id]) throw new Error(`Unknown instance ${id}; known: ${Object.keys(SIZES).join(', ')}`);
  if (!(Number.isInteger(flags.repeat) && flags.repeat > 0)) throw new Error('--repeat needs a positive whole number');
  return flags;
}

/** Milliseconds of processor time used by this process so far (all its threads). */
function processorMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * The first run (what a solve pays, compiling included) and the fastest of `repeat` runs, in
 * wall time and in processor time (less sensitive to other processes on a busy machine).
 */
function timed<T>(repeat: number, run: () => T): { value: T; first: string; best: string } {
  let value!: T;
  const wall: number[] = [];
  const processor: number[] = [];
  for (let k = 0; k < repeat; k++) {
    const started = performance.now();
    const startedProcessor = processorMs();
    value = run();
    wall.push(performance.now() - started);
    processor.push(processorMs() - startedProcessor);
  }
  const show = (k: number) => `${wall[k].toFixed(0)} (${processor[k].toFixed(0)})`;
  return { value, first: show(0), best: show(wall.indexOf(Math.min(...wall))) };
}

function main(): void {
  const flags = parseFlags(process.argv.slice(2));
  const load = loadavg()[0].toFixed(1);
  console.log(
    `Fleetlab lower-bound bench: wall ms (processor ms), first run / fastest of ${flags.repeat}; load average ${load}`,
  );
  const header = [
    'instance',
    'orders',
    'robots',
    'pickup_places',
    'pred_places',
    'classes',
    'A_m',
    'exact',
    'solves',
    'A_ms',
    'model_ms',
    'bound_s',
    'battery_ms',
    'bat_bound_s',
    'build_ms',
  ];
  const rows: string[][] = [];
  for (const id of flags.instances) {
    const orders = SIZES[id].orders;
    const instance = generateWarehouseInstance(SIZES[id]) as unknown as ProblemInput;
    const build = timed(1, () => buildProblem(instance));
    const problem = build.value;
    const groups = groupDeliveriesByPlace(problem);
    const usable = usableRobots(problem);
    const predecessorPlaces = new Set([...groups.dropoffNodes, ...usable.map((r) => problem.robots[r].startNode)]).size;
    // Only the first size's first runs include compiling the code (run one size per process
    // with --orders to see that cost at every size).
    const model = timed(flags.repeat, () => modelLowerBound(problem));
    const assignment = timed(flags.repeat, () => predecessorAssignmentBound(problem, groups, usable));
    const battery = timed(flags.repeat, () => batteryAwareBound(problem));
    const ms = (t: { first: string; best: string }) => `${t.first} / ${t.best}`;
    rows.push([
      id,
      String(orders),
      String(problem.robotCount),
      String(groups.pickupNodes.length),
      String(predecessorPlaces),
      String(groups.classCounts.length),
      assignment.value.distance_m.toFixed(2),
      String(assignment.value.exact),
      String(assignment.value.solves),
      ms(assignment),
      ms(model),
      model.value.makespan_s.toFixed(2),
      ms(battery),
      battery.value.makespan_s.toFixed(2),
      build.first,
    ]);
  }
  const widths = header.map((title, c) => Math.max(title.length, ...rows.map((row) => row[c].length)));
  console.log(header.map((title, c) => title.padEnd(widths[c])).join('  '));
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c])).join('  '));
}

main();
