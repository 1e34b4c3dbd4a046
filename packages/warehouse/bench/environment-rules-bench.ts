/**
 * Environment rules benchmark: how long `checkEnvironmentRules` takes on the largest floors the
 * spec allows (the server runs it on every POST and every GET of an environment, and the editor
 * on every edit), with and without one-way aisles, and when aisles cut places off (the slow
 * path, which searches the floor without each aisle to name the one to blame).
 * Run: npx tsx packages/warehouse/bench/environment-rules-bench.ts
 */
import { checkEnvironmentRules, type EnvironmentToCheck } from '../src/layout/environment-rules.ts';
import { generateWarehouseInstance } from '../src/layout/instance-generator.ts';
import type { OneWayAisle } from '../src/layout/types.ts';

const RUNS = 21;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function measure(environment: EnvironmentToCheck) {
  let report = checkEnvironmentRules(environment);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    report = checkEnvironmentRules(environment);
    times.push(performance.now() - started);
  }
  return { ms: median(times), errors: report.errors.length, warnings: report.warnings.length };
}

/** One-way lanes on the two rows under the stations: row 1 runs right, row 2 left, a loop with the rows below. */
const LANES: OneWayAisle[] = [
  { id: 'W1', position: [0, 1], size: [50, 1], direction: 'right' },
  { id: 'W2', position: [0, 2], size: [50, 1], direction: 'left' },
];
/** The two rows under the stations running down: robots leave the stations, nothing leads back to them. */
const TRAP: OneWayAisle[] = [{ id: 'W1', position: [0, 1], size: [50, 2], direction: 'down' }];

const NAME_WIDTH = 58;
console.log(`checkEnvironmentRules, median of ${RUNS} runs after a warm-up (Node ${process.version})`);
console.log(['floor'.padEnd(NAME_WIDTH), 'stations', 'pickups', 'aisles', 'errors', 'warnings', '   ms'].join('  '));
// The first calls run before the JIT has compiled the searches; they would inflate the first row.
const warmUp = generateWarehouseInstance({
  width: 50,
  height: 50,
  stations: 20,
  robotsPerStation: 10,
  orders: 1,
  seed: 1,
}).environment;
for (let run = 0; run < 50; run++) checkEnvironmentRules(warmUp);
for (const { name, stations } of [
  { name: '50x50, 200 robots (d5k)', stations: 20 },
  { name: '50x50, 400 robots (d20k)', stations: 40 },
]) {
  const { environment } = generateWarehouseInstance({
    width: 50,
    height: 50,
    stations,
    robotsPerStation: 10,
    orders: 1,
    seed: 1,
  });
  for (const [label, aisles] of [
    ['no traffic rules', []],
    ['two one-way lanes', LANES],
    ['stations cut off (every place an error)', TRAP],
  ] as const) {
    const result = measure({ ...environment, elements: { ...environment.elements, one_way_aisles: [...aisles] } });
    console.log(
      [
        `${name}, ${label}`.padEnd(NAME_WIDTH),
        String(stations).padStart(8),
        String(environment.elements.pickups.length).padStart(7),
        String(aisles.length).padStart(6),
        String(result.errors).padStart(6),
        String(result.warnings).padStart(8),
        result.ms.toFixed(1).padStart(5),
      ].join('  '),
    );
  }
}
