/**
 * Benchmark of the stop rules: how long a solve sent with the spec client's `time_limit: 300`
 * really runs. Small cases (the first k deliveries of a public instance) must end at once,
 * proven optimal; whole instances end when stalled (or at the bound) long before the limit.
 *
 *   npx tsx packages/solver/bench/stop-rules.ts [--cases s1:6,m1:7,l1:7] [--instances s2,m1] [--time-limit 300]
 *
 * `--cases` takes instance:k pairs (the first k deliveries); `--instances` adds whole instances
 * (each may run minutes: up to the time limit).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPlan } from '../src/plan/plan-checker.ts';
import { buildProblem } from '../src/problem/problem.ts';
import { solve } from '../src/solve.ts';
import type { ProblemInput } from '../src/problem/problem-input.ts';

function parseFlags(argv: string[]) {
  const flags = { cases: ['s1:6', 'm1:6', 'l1:7'], instances: [] as string[], timeLimitS: 300 };
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--cases') flags.cases = argv[++k].split(',').filter(Boolean);
    else if (argv[k] === '--instances') flags.instances = argv[++k].split(',').filter(Boolean);
    else if (argv[k] === '--time-limit') flags.timeLimitS = Number(argv[++k]);
    else throw new Error(`Unknown flag ${argv[k]}; flags: --cases id:k,..., --instances a,b, --time-limit S`);
  }
  if (!(flags.timeLimitS > 0)) throw new Error('--time-limit needs a positive number of seconds');
  return flags;
}

const directory = join(dirname(fileURLToPath(import.meta.url)), 'instances');
const load = (id: string) => JSON.parse(readFileSync(join(directory, `${id}.json`), 'utf8')) as ProblemInput;

function run(label: string, input: ProblemInput, timeLimitS: number): void {
  const problem = buildProblem(input);
  for (const algorithm of ['genetic', 'makespan'] as const) {
    const started = performance.now();
    const { results, stats } = solve(problem, { algorithm, timeLimitS });
    const wallMs = performance.now() - started;
    const valid = checkPlan(problem, results).valid;
    console.log(
      [
        label.padEnd(12),
        algorithm.padEnd(9),
        String(problem.deliveryCount).padStart(6),
        stats.makespan_s.toFixed(2).padStart(10),
        `${(stats.gap_battery * 100).toFixed(2)}%`.padStart(8),
        stats.stop_reason.padEnd(10),
        wallMs.toFixed(0).padStart(9),
        String(valid),
      ].join('  '),
    );
  }
}

function main(): void {
  const flags = parseFlags(process.argv.slice(2));
  console.log(`Fleetlab stop rules: genetic and makespan with time_limit ${flags.timeLimitS} s, seed 1`);
  console.log(
    [
      'case'.padEnd(12),
      'algorithm'.padEnd(9),
      'orders'.padStart(6),
      'makespan_s'.padStart(10),
      'gap_bat'.padStart(8),
      'stop'.padEnd(10),
      'wall_ms'.padStart(9),
      'valid',
    ].join('  '),
  );
  for (const entry of flags.cases) {
    const [id, count] = entry.split(':');
    const instance = load(id);
    const k = Number(count);
    if (!Number.isInteger(k) || k < 1) throw new Error(`--cases needs instance:k with k a whole number, got ${entry}`);
    run(`${id}:${k}`, { ...instance, tasks: instance.tasks.slice(0, k) }, flags.timeLimitS);
  }
  for (const id of flags.instances) run(id, load(id), flags.timeLimitS);
}

main();
