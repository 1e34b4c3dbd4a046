// Records the solves the player's dev scripts and tests replay, so nothing in the web app
// imports the solver or the simulator: each plan is made by the repository's `fleetlab-solve`
// command and executed by `fleetlab-simulate`, run as programs, and the results are committed.
//
//   npx tsx apps/web/scripts/record-player-fixtures.ts             # every fixture (about a minute)
//   npx tsx apps/web/scripts/record-player-fixtures.ts --only bench-100,small-floors
//
// Writes (gzipped JSON, `RecordedSolve` of scripts/recorded-solve.ts):
//   scripts/fixtures/bench-100.json.gz     xl1 (100 robots, 1,000 deliveries), greedy_distance, executed
//   scripts/fixtures/bench-400.json.gz     a generated 50 x 50 floor, 40 stations x 10 robots,
//                                          1,200 orders (seed 1), greedy_distance, executed
//   scripts/fixtures/demo-m1.json.gz       m1 with the makespan optimiser (10 s, seed 1): the demo video's plan
//   src/player/fixtures/small-floors.json.gz  ten generated 12 x 12 floors (1-3 stations of 1-4 robots,
//                                          one charger each, handling 0-3 s, robot speed 1 or 2 m/s,
//                                          short batteries so robots charge and queue), greedy_distance,
//                                          executed: what the player's tests replay
// Environments are stored without their navigation graph, which the player does not draw.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { generateWarehouseInstance, type ExecutionRecord } from '@fleetlab/warehouse';
import { repoRoot, webRoot } from './headless-page-kit.ts';
import type { RecordedSolve } from './recorded-solve.ts';

const { values: options } = parseArgs({
  options: {
    /** Which fixtures to record: bench-100, bench-400, demo-m1, small-floors (default all). */
    only: { type: 'string', default: 'bench-100,bench-400,demo-m1,small-floors' },
  },
});

interface Instance {
  readonly id?: string;
  readonly environment: Record<string, unknown> & { elements: unknown; graph?: unknown };
  readonly tasks: readonly (readonly [string, string])[];
  readonly params: Record<string, unknown>;
}

const workDir = mkdtempSync(join(tmpdir(), 'fleetlab-player-fixtures-'));
const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);

function run(command: string, args: readonly string[]): string {
  return execFileSync(bin(command), args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 30 });
}

/** Plans an instance with `fleetlab-solve` and, unless told not to, executes the plan with `fleetlab-simulate`. */
function recordSolve(label: string, instance: Instance, solveArgs: readonly string[], execute = true): RecordedSolve {
  const instanceFile = join(workDir, 'instance.json');
  const planFile = join(workDir, 'plan.json');
  writeFileSync(instanceFile, JSON.stringify(instance));
  const plan = run('fleetlab-solve', [instanceFile, ...solveArgs]);
  writeFileSync(planFile, plan);
  const { results, stats } = JSON.parse(plan) as { results: Record<string, unknown>; stats: Record<string, unknown> };
  const execution = execute
    ? (JSON.parse(run('fleetlab-simulate', [instanceFile, '--plan', planFile])) as ExecutionRecord)
    : undefined;
  const { graph: _graph, ...environment } = instance.environment;
  console.log(
    `${label}: planned makespan ${stats.makespan_s} s (${stats.distances})` +
      (execution
        ? `, executed ${execution.totals.executed_makespan_s} s, waiting ${Math.round(execution.totals.waiting_s)} s`
        : ''),
  );
  return {
    label,
    environment: environment as unknown as RecordedSolve['environment'],
    parameters: instance.params,
    results,
    stats,
    ...(execution ? { execution } : {}),
  };
}

function write(file: string, content: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const bytes = gzipSync(JSON.stringify(content), { level: 9 });
  writeFileSync(file, bytes);
  console.log(`  wrote ${relative(repoRoot, file)} (${(bytes.length / 1024).toFixed(0)} KiB)`);
}

const benchInstance = (name: string): Instance =>
  JSON.parse(readFileSync(join(repoRoot, 'packages/solver/bench/instances', `${name}.json`), 'utf8'));

const FIXTURES: Record<string, () => void> = {
  'bench-100': () =>
    write(
      join(webRoot, 'scripts/fixtures/bench-100.json.gz'),
      recordSolve('xl1 with greedy_distance', benchInstance('xl1'), ['--algorithm', 'greedy_distance']),
    ),
  'bench-400': () => {
    const day = generateWarehouseInstance({
      width: 50,
      height: 50,
      stations: 40,
      robotsPerStation: 10,
      orders: 1200,
      seed: 1,
      params: { max_distance: 1000, recharge_time: 3, robot_speed: 1 },
    });
    write(
      join(webRoot, 'scripts/fixtures/bench-400.json.gz'),
      recordSolve(`${day.id} with greedy_distance`, day, ['--algorithm', 'greedy_distance']),
    );
  },
  'demo-m1': () =>
    write(
      join(webRoot, 'scripts/fixtures/demo-m1.json.gz'),
      recordSolve(
        'm1 with makespan',
        benchInstance('m1'),
        ['--algorithm', 'makespan', '--time-limit', '10', '--seed', '1'],
        false,
      ),
    ),
  'small-floors': () => {
    const floors: RecordedSolve[] = [];
    for (let index = 0; index < 10; index += 1) {
      // Spread over the regimes the replays must hold in: several robots at one charger, handling, two speeds.
      const stations = 1 + (index % 3);
      const robotsPerStation = 1 + ((index * 3) % 4);
      const handling = [0, 1, 3][index % 3];
      const speed = index % 2 === 0 ? 1 : 2;
      const instance = generateWarehouseInstance({
        width: 12,
        height: 12,
        shelfLength: 4,
        stations,
        robotsPerStation,
        orders: 6 + index,
        seed: 101 + index,
        params: { max_distance: 60, recharge_time: 3, chargers: 1, handling_time_s: handling, robot_speed: speed },
      });
      floors.push(
        recordSolve(`small floor ${index + 1}: ${instance.id}, handling ${handling} s, ${speed} m/s`, instance, [
          '--algorithm',
          'greedy_distance',
        ]),
      );
    }
    write(join(webRoot, 'src/player/fixtures/small-floors.json.gz'), floors);
  },
};

try {
  for (const name of options.only.split(',')) {
    const record = FIXTURES[name];
    if (!record) throw new Error(`No fixture ${name}; fixtures: ${Object.keys(FIXTURES).join(', ')}`);
    record();
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
