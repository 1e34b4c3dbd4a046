import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProblem, solve } from '@fleetlab/solver';
import { runCli } from '../src/cli.ts';
import { simulate } from '../src/index.ts';

const S1 = new URL('../../solver/bench/instances/s1.json', import.meta.url).pathname;

function capture() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}
async function run(argv: string[]) {
  const stdout = capture();
  const stderr = capture();
  const code = await runCli(argv, stdout, stderr);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('fleetlab-simulate CLI', () => {
  it('solves, executes and prints one summary line', async () => {
    const { code, stdout } = await run([S1, '--algorithm', 'greedy_distance', '--summary']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^instance=s1 traffic_policy=guided planned=(\d+\.\d\d)s free_flow=\1s executed=\d+\.\d\ds waiting=\d+\.\d\ds throughput=\d+\.\d\/h extra_charges=0 runtime=\d+ms\n$/);
  });

  it('executes with the traffic policy --traffic-policy names, as simulate does with traffic_policy', async () => {
    const instance = JSON.parse(readFileSync(S1, 'utf8'));
    const plan = solve(buildProblem(instance), { algorithm: 'greedy_distance' }).results;
    const dir = mkdtempSync(join(tmpdir(), 'fleetlab-sim-'));
    writeFileSync(join(dir, 'plan.json'), JSON.stringify(plan));
    for (const policy of ['pibt', 'guided']) {
      const { code, stdout } = await run([S1, '--plan', join(dir, 'plan.json'), '--traffic-policy', policy]);
      expect(code).toBe(0);
      const expected = simulate(instance.environment, plan, { ...instance.params, traffic_policy: policy }, { tasks: instance.tasks });
      expect(JSON.parse(stdout)).toEqual(expected);
    }
    expect((await run([S1, '--plan', join(dir, 'plan.json'), '--traffic-policy', 'pibt', '--summary'])).stdout).toMatch(/^instance=s1 traffic_policy=pibt /);
  });

  it('executes a given plan and prints every robot’s cell at every step with --dense', async () => {
    const first = await run([S1, '--algorithm', 'greedy_distance']);
    const execution = JSON.parse(first.stdout);
    const dir = mkdtempSync(join(tmpdir(), 'fleetlab-sim-'));
    const { results } = JSON.parse((await import('node:child_process')).execFileSync('npx', ['tsx', new URL('../../solver/bin/fleetlab-solve.js', import.meta.url).pathname, S1, '--algorithm', 'greedy_distance'], { encoding: 'utf8' }));
    writeFileSync(join(dir, 'plan.json'), JSON.stringify({ results }));
    const { code, stdout } = await run([S1, '--plan', join(dir, 'plan.json'), '--dense', '--chargers', '1']);
    expect(code).toBe(0);
    const dense = JSON.parse(stdout);
    expect(Object.keys(dense.robots)).toEqual(['R1_1', 'R1_2', 'R2_1', 'R2_2']);
    expect(dense.chargers).toEqual({ R1: 1, R2: 1 });
    expect(dense.step_s).toBe(1);
    // One [x, y] per step, each step to a neighbouring cell or staying.
    for (const cells of Object.values(dense.robots) as [number, number][][]) {
      for (let t = 1; t < cells.length; t++) expect(Math.abs(cells[t][0] - cells[t - 1][0]) + Math.abs(cells[t][1] - cells[t - 1][1])).toBeLessThanOrEqual(1);
    }
    expect(Object.values(dense.deliveries).flat()).toHaveLength(10);
    expect(execution.totals.deliveries).toBe(10);
  });

  it('answers bad arguments with exit 2 and the usage', async () => {
    expect((await run([])).code).toBe(2);
    const bad = await run([S1, '--chargers', '0']);
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([2, '--chargers needs a whole number >= 1']);
    const policy = await run([S1, '--traffic-policy', 'fastest']);
    expect([policy.code, policy.stderr.split('\n')[0]]).toEqual([2, 'Unknown traffic policy fastest; use one of guided, pibt']);
    expect((await run(['/no/such/file.json'])).code).toBe(2);
  });
});
