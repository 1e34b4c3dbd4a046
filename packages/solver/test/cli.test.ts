import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.ts';
import { packageRoot } from './helpers.ts';

const bin = join(packageRoot, 'bin', 'fleetlab-solve.js');
const fixture = (name: string) => join(packageRoot, 'test', 'fixtures', `${name}.json`);

function run(args: string[]) {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function capture() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}

describe('fleetlab-solve CLI', () => {
  it('plans on the floor by default: legs are floor walks, paths list the places visited', async () => {
    const stdout = capture();
    const s1 = join(packageRoot, 'bench', 'instances', 's1.json');
    expect(await runCli([s1, '--algorithm', 'greedy_distance', '--summary'], stdout, capture())).toBe(0);
    expect(stdout.text()).toMatch(
      /^instance=s1 algorithm=greedy_distance distances=floor robot_model=point valid=true /,
    );
    const json = capture();
    expect(await runCli([s1, '--algorithm', 'greedy_distance'], json, capture())).toBe(0);
    const { results, stats } = JSON.parse(json.text());
    expect(stats.distances).toBe('floor');
    const first = results.R1_1[0];
    expect(first.path).toEqual(['R1_1', first.task[0], first.task[1]]);
  });

  it('prints the results JSON of the bin', () => {
    const { code, stdout } = run([
      fixture('battery-two-robots'),
      '--algorithm',
      'greedy_distance',
      '--distances',
      'graph',
    ]);
    expect(code).toBe(0);
    const { results, stats } = JSON.parse(stdout);
    expect(Object.keys(results)).toEqual(['R1_1', 'R2_1']);
    expect(results.R1_1.map((step: { task: unknown }) => step.task)).toEqual([['P1', 'D1'], 'recharge', ['P1', 'D1']]);
    expect(stats).toMatchObject({ algorithm: 'greedy_distance', makespan_s: 210, recharges: 1, seed: 1 });
  });

  it('prints one line of metrics with --summary', () => {
    const { code, stdout } = run([
      fixture('line-one-robot'),
      '--algorithm',
      'makespan',
      '--time-limit',
      '2',
      '--summary',
      '--seed',
      '3',
      '--distances=graph',
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^instance=line-one-robot algorithm=makespan distances=graph robot_model=point valid=true makespan=10\.00s distance=10\.00m recharges=0 bound=10\.00s gap=0\.00% battery_bound=10\.00s gap_battery=0\.00% tightest=fleet_work runtime=\d+ms\n$/,
    );
  });

  it('exits 2 with the usage on bad arguments', async () => {
    const spawned = run(['--algorithm', 'makespan']);
    expect(spawned.code).toBe(2);
    expect(spawned.stderr).toContain('Missing INSTANCE.json');
    expect(spawned.stderr).toContain('Usage: fleetlab-solve INSTANCE.json --algorithm NAME');
    for (const args of [
      [fixture('line-one-robot')],
      [fixture('line-one-robot'), '--algorithm', 'fastest'],
      [fixture('line-one-robot'), '--algorithm', 'makespan', '--time-limit', 'soon'],
      [fixture('line-one-robot'), '--algorithm', 'makespan', '--seed', '1.5'],
      [fixture('line-one-robot'), '--algorithm', 'makespan', '--verbose'],
      [fixture('line-one-robot'), '--algorithm', 'makespan', '--distances', 'euclid'],
      [join(packageRoot, 'no-such-instance.json'), '--algorithm', 'makespan'],
    ]) {
      const stderr = capture();
      expect(await runCli(args, capture(), stderr)).toBe(2);
      expect(stderr.text().length).toBeGreaterThan(0);
    }
  });

  it('exits 1 with the error text when a delivery cannot be done', async () => {
    const stdout = capture();
    const stderr = capture();
    const code = await runCli(
      [fixture('battery-two-robots'), '--algorithm', 'auction', '--time-limit=1', '--distances', 'graph'],
      stdout,
      stderr,
    );
    expect(code).toBe(0);
    const { readFileSync, writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const instance = JSON.parse(readFileSync(fixture('battery-two-robots'), 'utf8'));
    instance.params.max_distance = 15;
    const path = join(mkdtempSync(join(tmpdir(), 'fleetlab-cli-')), 'tight.json');
    writeFileSync(path, JSON.stringify(instance));
    const spawned = run([path, '--algorithm', '1', '--distances', 'graph']);
    expect(spawned.code).toBe(1);
    expect(spawned.stderr).toBe(
      'Delivery P1 -> D1 cannot be done: the round trip from the nearest home station (R1) is 20.0 m but a full charge covers 15 m\n',
    );
  });
});

describe('fleetlab-solve --export vda5050', () => {
  it('writes one VDA 5050 order file per robot and trip of the plan it prints', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'fleetlab-vda5050-'));
    const s1 = join(packageRoot, 'bench', 'instances', 's1.json');
    const stdout = capture();
    const stderr = capture();
    expect(await runCli([s1, '--algorithm', 'greedy_distance', '--export', 'vda5050', directory], stdout, stderr)).toBe(
      0,
    );
    const { results } = JSON.parse(stdout.text()) as { results: Record<string, { task: unknown }[]> };
    const expected = Object.entries(results).flatMap(([robot, steps]) => steps.map((_, k) => `${robot}-${k + 1}.json`));
    expect(readdirSync(directory).sort()).toEqual([...expected].sort());
    expect(stderr.text()).toBe(`VDA 5050 orders: ${expected.length} files in ${directory}\n`);
    const first = JSON.parse(readFileSync(join(directory, 'R1_1-1.json'), 'utf8'));
    expect(first).toMatchObject({ version: '2.1.0', serialNumber: 'R1_1', orderId: 'R1_1-1', orderUpdateId: 0 });
    expect(first.nodes[0]).toMatchObject({ nodeId: 'R1_1', sequenceId: 0, nodePosition: { x: 5.5, y: 0.5 } });
    expect(first.nodes.map((node: { sequenceId: number }) => node.sequenceId % 2)).not.toContain(1);
    expect(first.edges.map((edge: { sequenceId: number }) => edge.sequenceId % 2)).not.toContain(0);
  });

  it('refuses it on a plan made on the navigation graph, before solving', async () => {
    const stderr = capture();
    const s1 = join(packageRoot, 'bench', 'instances', 's1.json');
    const args = [s1, '--algorithm', 'greedy_distance', '--distances', 'graph', '--export', 'vda5050', '/tmp/x'];
    expect(await runCli(args, capture(), stderr)).toBe(2);
    expect(stderr.text()).toMatch(/^--export vda5050 needs a plan made on the floor/);
  });
});
