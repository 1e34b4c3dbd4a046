/**
 * Benchmark: every algorithm on every instance in bench/instances and on the generated
 * tight-battery instances t1, t2 (drawn on the fly by bench/generated-instances.ts, never
 * stored), each plan checked with checkPlan, beside the instance's `reference` run of the same
 * algorithm (the original product) where the file has one. `--instances` also takes the other
 * generated ids (d5k, d20k), through the one loader of generated-instances.ts.
 *
 *   npm run bench:solver [-- --time-limit 10] [--max-iterations N] [--instances s1,m1] [--algorithms makespan] [--seed 1] [--distances floor|graph] [--bounds]
 *
 * Plans are made on the floor, as the product makes them (`--distances floor`, the default).
 * The instances' reference runs and lower bounds were measured on the spec's navigation graph,
 * so the table compares with them only under `--distances graph`.
 * `--bounds` prints every bound of the list (bound-list.ts) for each instance, the tightest marked
 * with *, each with the milliseconds it took; the rows name the tightest (`tightest`) and the dock bound.
 *
 * `genetic` and `makespan` run with --time-limit seconds (default 10); the others finish on
 * their own. `--max-iterations N` caps their iterations as well, which makes the table
 * reproducible on any machine when the time limit is set high enough not to bind.
 * Each row runs in a process of its own, so `max_rss_MB` is that solve's peak memory (the
 * instance, the problem, the solve and the check); `total_ms` includes building the problem
 * (all shortest paths), `iter` the search's ruin-and-recreate iterations (genetic: generations), and
 * `load` is the machine's one-minute load average when the row ended.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ALGORITHMS, algorithmByIdOrName } from '@fleetlab/warehouse';
import { MAKESPAN_BOUNDS, SharedBoundWork } from '../src/bounds/bound-list.ts';
import { lowerBound } from '../src/bounds/lower-bound.ts';
import { checkPlan } from '../src/plan/plan-checker.ts';
import { buildProblem } from '../src/problem/problem.ts';
import { solve } from '../src/solve.ts';
import { benchInstanceIds, committedInstanceIds, loadBenchInstance } from './generated-instances.ts';
import { rebuildReferenceGreedy } from './reference-greedy.ts';
import type { DistanceModel, ProblemInput } from '../src/problem/problem-input.ts';

interface ReferenceRun {
  status: string;
  valid: boolean;
  makespan_s?: number;
}

interface InstanceFile extends ProblemInput {
  id: string;
  lower_bound?: { makespan_lb_s: number; makespan_lb_nobattery_s: number; distance_lb_m: number };
  reference?: { runs: Record<string, ReferenceRun> };
}

function parseFlags(argv: string[]): Flags {
  const flags: Flags = {
    timeLimitS: 10,
    maxIterations: undefined,
    instances: [],
    algorithms: [],
    seed: 1,
    distances: 'floor',
    bounds: false,
  };
  for (let k = 0; k < argv.length; k++) {
    const [flag, inline] = argv[k].includes('=') ? argv[k].split(/=(.*)/s, 2) : [argv[k], undefined];
    const value = () => inline ?? argv[++k];
    if (flag === '--time-limit') flags.timeLimitS = Number(value());
    else if (flag === '--max-iterations') flags.maxIterations = Number(value());
    else if (flag === '--instances') flags.instances = value().split(',');
    else if (flag === '--algorithms') flags.algorithms = value().split(',');
    else if (flag === '--seed') flags.seed = Number(value());
    else if (flag === '--distances') flags.distances = value() as DistanceModel;
    else if (flag === '--bounds') flags.bounds = true;
    else
      throw new Error(
        `Unknown flag ${argv[k]}; flags: --time-limit S, --max-iterations N, --instances a,b, --algorithms a,b, --seed N, --distances floor|graph, --bounds`,
      );
  }
  if (!(flags.timeLimitS > 0)) throw new Error('--time-limit needs a positive number of seconds');
  if (flags.maxIterations !== undefined && !(Number.isInteger(flags.maxIterations) && flags.maxIterations > 0)) {
    throw new Error('--max-iterations needs a positive whole number');
  }
  if (flags.distances !== 'floor' && flags.distances !== 'graph') throw new Error('--distances is floor or graph');
  for (const name of flags.algorithms) if (!algorithmByIdOrName(name)) throw new Error(`Unknown algorithm ${name}`);
  for (const id of flags.instances)
    if (!benchInstanceIds().includes(id))
      throw new Error(`Unknown instance ${id}; known: ${benchInstanceIds().join(', ')}`);
  return flags;
}

/** Rebuilds the original greedy plan and checks it under the model's rules. */
function recheckReferenceGreedy(problem: ReturnType<typeof buildProblem>, referenceMakespan: number): string {
  const rebuilt = checkPlan(problem, rebuildReferenceGreedy(problem));
  const same = Math.abs(rebuilt.metrics.makespan_s - referenceMakespan) < 0.01;
  if (!same) return 'reference plan could not be rebuilt';
  return rebuilt.valid
    ? 'reference plan rebuilt and valid'
    : `reference plan rebuilt (same makespan) breaks the model: ${rebuilt.errors[0]} (+${rebuilt.errors.length - 1} more)`;
}

/** Generated instances (bench/generated-instances.ts) in the default table, after the files. */
const DEFAULT_GENERATED = ['t1', 't2'];

function pad(value: string, width: number, right = false): string {
  return right ? value.padStart(width) : value.padEnd(width);
}

interface Flags {
  timeLimitS: number;
  maxIterations: number | undefined;
  instances: string[];
  algorithms: string[];
  seed: number;
  distances: DistanceModel;
  /** Print every bound of the list for each instance, the tightest marked. */
  bounds: boolean;
}

/** One row: solves `id` with `algorithm` in this process and prints the row; exit code 1 when the plan is invalid. */
function runRow(id: string, algorithmName: string, flags: Flags): void {
  const instance = loadBenchInstance<InstanceFile>(id);
  const algorithm = algorithmByIdOrName(algorithmName)!;
  const started = performance.now();
  const problem = buildProblem({ ...instance, distances: flags.distances });
  const { results, stats } = solve(problem, {
    algorithm: algorithm.name,
    seed: flags.seed,
    timeLimitS: algorithm.timeLimited ? flags.timeLimitS : undefined,
    maxIterations: flags.maxIterations,
  });
  const totalMs = performance.now() - started;
  const check = checkPlan(problem, results);
  // The reference runs were made on the graph: they compare only with plans on the graph.
  const reference = flags.distances === 'graph' ? instance.reference?.runs?.[algorithm.name] : undefined;
  const referenceUsable = reference?.valid && typeof reference.makespan_s === 'number';
  let verdict: string;
  if (!check.valid) {
    verdict = `INVALID: ${check.errors[0]}`;
    process.exitCode = 1;
  } else if (!reference) {
    verdict =
      flags.distances === 'graph' || !instance.reference
        ? 'valid (no reference)'
        : 'valid (references are graph figures)';
  } else if (!referenceUsable) {
    verdict = `valid; reference ${reference.status === 'timeout' ? 'timed out' : 'invalid'}`;
  } else if (stats.makespan_s < reference.makespan_s! - 0.005) {
    verdict = `valid, beats reference by ${(100 * (1 - stats.makespan_s / reference.makespan_s!)).toFixed(1)}%`;
  } else if (stats.makespan_s <= reference.makespan_s! + 0.005) {
    verdict = 'valid, equals reference';
  } else {
    verdict = `valid, WORSE than reference by ${(100 * (stats.makespan_s / reference.makespan_s! - 1)).toFixed(1)}%`;
    if (algorithm.name === 'greedy_distance') verdict += `; ${recheckReferenceGreedy(problem, reference.makespan_s!)}`;
  }
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    [
      pad(id, 8),
      pad(algorithm.name, 17),
      pad(String(check.valid), 5),
      pad(stats.makespan_s.toFixed(2), 10, true),
      pad(stats.total_distance_m.toFixed(2), 10, true),
      pad(String(stats.recharges), 4, true),
      pad(stats.lower_bound_s.toFixed(2), 8, true),
      pad(`${(stats.gap * 100).toFixed(2)}%`, 7, true),
      pad(stats.lower_bound_battery_s.toFixed(2), 9, true),
      pad(`${(stats.gap_battery * 100).toFixed(2)}%`, 7, true),
      pad(stats.lower_bound_name ?? '-', 16),
      pad(stats.dock_bound_s?.toFixed(2) ?? '-', 8, true),
      pad(String(stats.iterations), 6, true),
      pad(totalMs.toFixed(0), 8, true),
      pad(maxRssMb.toFixed(0), 10, true),
      pad(loadavg()[0].toFixed(1), 4, true),
      pad(reference?.makespan_s !== undefined ? reference.makespan_s.toFixed(2) : (reference?.status ?? '-'), 12, true),
      pad(reference ? String(reference.valid) : '-', 9),
      verdict,
    ].join('  '),
  );
}

function main(): void {
  const argv = process.argv.slice(2);
  if (argv[0] === '--row') {
    runRow(argv[1], argv[2], JSON.parse(argv[3]) as Flags);
    return;
  }
  const flags = parseFlags(argv);
  const order = ['s1', 's2', 'm1', 'm2', 'l1', 'xl1', 't1', 't2', 'd5k', 'd20k'];
  const ids = (flags.instances.length > 0 ? flags.instances : [...committedInstanceIds(), ...DEFAULT_GENERATED]).sort(
    (a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b),
  );
  const algorithms = ALGORITHMS.filter((a) => flags.algorithms.length === 0 || flags.algorithms.includes(a.name));

  const header = [
    pad('instance', 8),
    pad('algorithm', 17),
    pad('valid', 5),
    pad('makespan_s', 10, true),
    pad('distance_m', 10, true),
    pad('rech', 4, true),
    pad('bound_s', 8, true),
    pad('gap', 7, true),
    pad('tight_s', 9, true),
    pad('gap_tgt', 7, true),
    pad('tightest', 16),
    pad('dock_s', 8, true),
    pad('iter', 6, true),
    pad('total_ms', 8, true),
    pad('max_rss_MB', 10, true),
    pad('load', 4, true),
    pad('ref_makespan', 12, true),
    pad('ref_valid', 9),
    'verdict',
  ].join('  ');
  const iterationCap = flags.maxIterations === undefined ? '' : `, at most ${flags.maxIterations} iterations`;
  console.log(
    `Fleetlab solver bench: distances on the ${flags.distances}, time limit ${flags.timeLimitS} s for genetic and makespan${iterationCap}, seed ${flags.seed}`,
  );
  console.log(header);
  console.log('-'.repeat(header.length + 24));
  let failures = 0;
  for (const id of ids) {
    for (const algorithm of algorithms) {
      const row = spawnSync(
        process.execPath,
        [...process.execArgv, fileURLToPath(import.meta.url), '--row', id, algorithm.name, JSON.stringify(flags)],
        {
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      if (row.status !== 0) failures++;
    }
    const instance =
      committedInstanceIds().includes(id) && flags.distances === 'graph' ? loadBenchInstance<InstanceFile>(id) : null;
    if (instance?.lower_bound) {
      const problem = buildProblem({ ...instance, distances: 'graph' });
      const bound = lowerBound(problem);
      console.log(
        `${pad(id, 8)}  bound check: makespan_lb ${bound.makespan_s.toFixed(2)} (file ${instance.lower_bound.makespan_lb_s}), ` +
          `no battery ${bound.fleet_work_nobattery_s.toFixed(2)} (file ${instance.lower_bound.makespan_lb_nobattery_s}), ` +
          `distance ${bound.distance_m.toFixed(2)} (file ${instance.lower_bound.distance_lb_m})`,
      );
    }
    if (flags.bounds) {
      // Every bound of the list on the instance as the rows solved it, the tightest marked, each
      // with the time it took (the work bounds share, the model's and the battery-aware bound's,
      // counts in the first bound that reads it).
      const problem = buildProblem({ ...loadBenchInstance<InstanceFile>(id), distances: flags.distances });
      const shared = new SharedBoundWork(problem);
      const timed = MAKESPAN_BOUNDS.map((bound) => {
        const started = performance.now();
        const makespan_s = bound.compute(problem, shared);
        return { name: bound.name, makespan_s, ms: performance.now() - started };
      });
      const tightest = timed.reduce((best, value) => (value.makespan_s > best.makespan_s ? value : best));
      const values = timed.map(
        ({ name, makespan_s, ms }) =>
          `${name} ${makespan_s.toFixed(2)}${name === tightest.name ? '*' : ''} (${ms.toFixed(0)} ms)`,
      );
      console.log(`${pad(id, 8)}  bounds: ${values.join(', ')}; load ${loadavg()[0].toFixed(1)}`);
    }
  }
  if (failures > 0) {
    console.log(`${failures} invalid plan(s)`);
    process.exitCode = 1;
  }
}

main();
