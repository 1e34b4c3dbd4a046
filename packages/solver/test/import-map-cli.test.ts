import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentCreateSchema, validateNavigationGraph } from '@fleetlab/warehouse';
import { runImportMapCli } from '../src/import-map-cli.ts';
import { buildProblem } from '../src/problem/problem.ts';
import { solve } from '../src/solve.ts';
import { packageRoot } from './helpers.ts';

const fixtures = join(packageRoot, '..', 'warehouse', 'test', 'fixtures');

function capture() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}

describe('fleetlab-import-map CLI', () => {
  it('prints a grid map as the body of POST /environments, graph included', async () => {
    const stdout = capture();
    expect(await runImportMapCli([join(fixtures, 'warehouse-small.map')], stdout, capture())).toBe(0);
    const body = environmentCreateSchema.parse(JSON.parse(stdout.text()));
    expect(body.name).toBe('warehouse-small');
    expect(body.dimensions).toEqual({ width: 10, height: 7 });
    expect(body.elements.shelves).toHaveLength(5);
    expect(validateNavigationGraph(body)).toBeNull();
  });

  it('prints a LoRR problem as an instance the solver plans, listing the tasks it left out', async () => {
    const stdout = capture();
    const stderr = capture();
    const problem = join(fixtures, 'lorr-small', 'small-example_2.json');
    expect(await runImportMapCli([problem], stdout, stderr)).toBe(0);
    expect(stderr.text()).toBe(
      'task 2 not imported: a single errand: no pickup and dropoff\n' +
        'task 3 not imported: its first errand (cell 40) has no shelf beside it to pick from\n',
    );
    const instance = JSON.parse(stdout.text());
    expect(instance.tasks).toEqual([
      ['P13', 'D1'],
      ['P10', 'D2'],
      ['P12', 'D1'],
    ]);
    const { results } = solve(buildProblem(instance), { algorithm: 'greedy_distance' });
    expect(Object.values(results).flat()).toHaveLength(3);
  });

  it('refuses a malformed map with exit 2 naming the line, printing nothing', async () => {
    const stdout = capture();
    const stderr = capture();
    const bad = join(fixtures, 'lorr-small', 'agents', 'small_2.agents');
    expect(await runImportMapCli([bad], stdout, stderr)).toBe(2);
    expect(stderr.text()).toBe(`${bad}: line 1: expected \`type octile\`, found "2"\n`);
    expect(stdout.text()).toBe('');
    expect(await runImportMapCli([], stdout, stderr)).toBe(2);
    expect(await runImportMapCli(['a.map', 'b.map'], stdout, stderr)).toBe(2);
  });
});
