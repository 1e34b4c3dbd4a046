import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProblem, solve } from '@fleetlab/solver';
import { runCli } from '../src/cli.ts';
import { runShift, simulate } from '../src/index.ts';
import { GREEDY_PLAN } from './fixtures.ts';

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
    expect(stdout).toMatch(
      /^instance=s1 traffic_policy=guided planned=(\d+\.\d\d)s free_flow=\1s executed=\d+\.\d\ds waiting=\d+\.\d\ds throughput=\d+\.\d\/h extra_charges=0 delays=none breakdowns=none conflicts=0 runtime=\d+ms\n$/,
    );
  });

  it('executes with the traffic policy --traffic-policy names, as simulate does with traffic_policy', async () => {
    const instance = JSON.parse(readFileSync(S1, 'utf8'));
    const plan = solve(buildProblem(instance), GREEDY_PLAN).results;
    const dir = mkdtempSync(join(tmpdir(), 'fleetlab-sim-'));
    writeFileSync(join(dir, 'plan.json'), JSON.stringify(plan));
    for (const policy of ['pibt', 'guided']) {
      const { code, stdout } = await run([S1, '--plan', join(dir, 'plan.json'), '--traffic-policy', policy]);
      expect(code).toBe(0);
      const expected = simulate(
        instance.environment,
        plan,
        { ...instance.params, traffic_policy: policy },
        { tasks: instance.tasks },
      );
      expect(JSON.parse(stdout)).toEqual(expected);
    }
    expect((await run([S1, '--plan', join(dir, 'plan.json'), '--traffic-policy', 'pibt', '--summary'])).stdout).toMatch(
      /^instance=s1 traffic_policy=pibt /,
    );
  });

  it('executes a given plan and prints every robot’s cell at every step with --dense', async () => {
    const first = await run([S1, '--algorithm', 'greedy_distance']);
    const execution = JSON.parse(first.stdout);
    const dir = mkdtempSync(join(tmpdir(), 'fleetlab-sim-'));
    const { results } = JSON.parse(
      (await import('node:child_process')).execFileSync(
        'npx',
        [
          'tsx',
          new URL('../../solver/bin/fleetlab-solve.js', import.meta.url).pathname,
          S1,
          '--algorithm',
          'greedy_distance',
        ],
        { encoding: 'utf8' },
      ),
    );
    writeFileSync(join(dir, 'plan.json'), JSON.stringify({ results }));
    const { code, stdout } = await run([S1, '--plan', join(dir, 'plan.json'), '--dense', '--chargers', '1']);
    expect(code).toBe(0);
    const dense = JSON.parse(stdout);
    expect(Object.keys(dense.robots)).toEqual(['R1_1', 'R1_2', 'R2_1', 'R2_2']);
    expect(dense.chargers).toEqual({ R1: 1, R2: 1 });
    expect(dense.step_s).toBe(1);
    // One [x, y] per step, each step to a neighbouring cell or staying.
    for (const cells of Object.values(dense.robots) as [number, number][][]) {
      for (let t = 1; t < cells.length; t++)
        expect(Math.abs(cells[t][0] - cells[t - 1][0]) + Math.abs(cells[t][1] - cells[t - 1][1])).toBeLessThanOrEqual(
          1,
        );
    }
    expect(Object.values(dense.deliveries).flat()).toHaveLength(10);
    expect(execution.totals.deliveries).toBe(10);
  });

  it('answers bad arguments with exit 2 and the usage', async () => {
    expect((await run([])).code).toBe(2);
    const bad = await run([S1, '--chargers', '0']);
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([2, '--chargers needs a whole number >= 1']);
    const policy = await run([S1, '--traffic-policy', 'fastest']);
    expect([policy.code, policy.stderr.split('\n')[0]]).toEqual([
      2,
      'Unknown traffic policy fastest; use one of guided, lookahead, pibt',
    ]);
    expect((await run(['/no/such/file.json'])).code).toBe(2);
    const model = await run([S1, '--robot-model', 'hovercraft']);
    expect([model.code, model.stderr.split('\n')[0]]).toEqual([
      2,
      'Unknown robot model hovercraft; use one of point, drive-unit, amr',
    ]);
  });

  it('plans and runs with --robot-model: the plan timed by the model, its run at least as long', async () => {
    const point = await run([S1, '--algorithm', 'greedy_distance', '--robot-model', 'point', '--summary']);
    expect(point.code).toBe(0);
    const unit = await run([S1, '--algorithm', 'greedy_distance', '--robot-model', 'drive-unit', '--summary']);
    expect(unit.code).toBe(0);
    const figures = Object.fromEntries(
      unit.stdout
        .trim()
        .split(' ')
        .map((pair) => pair.split('=')),
    );
    expect(figures.planned).toBe(figures.free_flow);
    expect(Number.parseFloat(figures.executed)).toBeGreaterThanOrEqual(Number.parseFloat(figures.free_flow));
    const dense = await run([S1, '--algorithm', 'greedy_distance', '--robot-model', 'drive-unit', '--dense']);
    const entered = JSON.parse(dense.stdout).entered.R1_1 as number[][];
    expect(entered[0]).toEqual([0, 5, 0, 270]);
    for (let k = 1; k < entered.length; k++) {
      expect(entered[k][0]).toBeGreaterThan(entered[k - 1][0]);
      expect(Math.abs(entered[k][1] - entered[k - 1][1]) + Math.abs(entered[k][2] - entered[k - 1][2])).toBe(1);
    }
  });

  it('runs a shift and prints its figures on one line', async () => {
    const { code, stdout } = await run([
      S1,
      '--shift-hours',
      '0.5',
      '--rate',
      '120',
      '--robots',
      '2',
      '--dispatch',
      'nearest_idle',
      '--summary',
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^instance=s1 dispatch=nearest_idle traffic_policy=guided robots=2 hours=0\.5 released=\d+ delivered=\d+ throughput=\d+\.\d\/h cycle_p50=\d+\.\d\ds cycle_p95=\d+\.\d\ds cycle_max=\d+\.\d\ds backlog_max=\d+ backlog_end=\d+ backlog_trend=(stable|growing) utilisation=\d+\.\d% charger_queue_p95=\d+\.\d\ds replans=0 delays=none breakdowns=none conflicts=0 runtime=\d+ms\n$/,
    );
    // The same figures as runShift gives with the first two robots of the layout.
    const instance = JSON.parse(readFileSync(S1, 'utf8'));
    const environment = {
      ...instance.environment,
      elements: { ...instance.environment.elements, robots: instance.environment.elements.robots.slice(0, 2) },
    };
    const { stats } = runShift(
      environment,
      instance.tasks,
      { ...instance.params, shift: { hours: 0.5, orders_per_hour: 120, dispatch: 'nearest_idle' } },
      { algorithm: 'makespan' },
    );
    const figure = (key: string) => stdout.match(new RegExp(`\\b${key}=([^ \\n]+)`))![1];
    expect([
      figure('released'),
      figure('delivered'),
      figure('cycle_p95'),
      figure('backlog_max'),
      figure('utilisation'),
    ]).toEqual([
      String(stats.shift!.released),
      String(stats.shift!.delivered),
      `${stats.shift!.cycle_p95_s!.toFixed(2)}s`,
      String(stats.shift!.backlog_max),
      `${stats.shift!.utilisation_pct.toFixed(1)}%`,
    ]);
  });

  it('runs a shift with a robot model: the same summary keys, the figures of runShift with that model', async () => {
    const { code, stdout } = await run([
      S1,
      '--shift-hours',
      '0.25',
      '--rate',
      '120',
      '--robot-model',
      'drive-unit',
      '--summary',
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^instance=s1 dispatch=reoptimise traffic_policy=guided robots=\d+ hours=0\.25 released=\d+ delivered=\d+ throughput=\d+\.\d\/h cycle_p50=\d+\.\d\ds cycle_p95=\d+\.\d\ds cycle_max=\d+\.\d\ds backlog_max=\d+ backlog_end=\d+ backlog_trend=(stable|growing) utilisation=\d+\.\d% charger_queue_p95=\d+\.\d\ds replans=\d+ delays=none breakdowns=none conflicts=0 runtime=\d+ms\n$/,
    );
    const instance = JSON.parse(readFileSync(S1, 'utf8'));
    const { stats } = runShift(
      instance.environment,
      instance.tasks,
      { ...instance.params, robot_model: 'drive-unit', shift: { hours: 0.25, orders_per_hour: 120 } },
      { algorithm: 'makespan' },
    );
    expect(stats.robot_model).toBe('drive-unit');
    const figure = (key: string) => stdout.match(new RegExp(`\\b${key}=([^ \\n]+)`))![1];
    expect([figure('released'), figure('delivered'), figure('cycle_p95')]).toEqual([
      String(stats.shift!.released),
      String(stats.shift!.delivered),
      `${stats.shift!.cycle_p95_s!.toFixed(2)}s`,
    ]);
  });

  it('writes a shift densely: the orders, and each delivery with its order and pickup step', async () => {
    const { code, stdout } = await run([S1, '--shift-hours', '0.25', '--rate', '200', '--dense']);
    expect(code).toBe(0);
    const dense = JSON.parse(stdout);
    expect(dense.orders.length).toBeGreaterThan(10);
    expect(Object.keys(dense.orders[0])).toEqual(['id', 'pickup', 'dropoff', 'release_s']);
    const byId = new Map(dense.orders.map((order: { id: string }) => [order.id, order]));
    const deliveries = Object.values(dense.deliveries).flat() as [string, string, number, string, number][];
    expect(deliveries.length).toBeGreaterThan(5);
    for (const [pickup, dropoff, doneStep, orderId, pickupStep] of deliveries) {
      expect(byId.get(orderId)).toMatchObject({ pickup, dropoff });
      expect(pickupStep * dense.step_s).toBeGreaterThanOrEqual((byId.get(orderId) as { release_s: number }).release_s);
      expect(doneStep).toBeGreaterThan(pickupStep);
    }
    expect(
      Object.values(dense.plan)
        .flat()
        .filter((step) => Array.isArray((step as { task: unknown }).task)),
    ).toHaveLength(deliveries.length);
  });

  it('answers bad shift flags with exit 2, naming the flag and the rule', async () => {
    const first = async (argv: string[]) => {
      const outcome = await run([S1, ...argv]);
      return [outcome.code, outcome.stderr.split('\n')[0]];
    };
    expect(await first(['--rate', '100'])).toEqual([2, '--rate needs --shift-hours']);
    expect(await first(['--shift-hours', '8'])).toEqual([
      2,
      '--rate: a shift needs orders_per_hour or an hourly profile',
    ]);
    expect(await first(['--shift-hours', '0.1', '--rate', '100'])).toEqual([
      2,
      '--shift-hours: a shift lasts at least 0.25 h',
    ]);
    expect(await first(['--shift-hours', '2', '--profile', '100'])).toEqual([
      2,
      '--profile: the profile needs one rate per started hour of the shift: 2 for 2 h, got 1',
    ]);
    expect(await first(['--shift-hours', '1', '--rate', '100', '--dispatch', 'fastest'])).toEqual([
      2,
      '--dispatch: dispatch must be one of reoptimise, nearest_idle',
    ]);
    expect(await first(['--shift-hours', '1', '--rate', '100', '--robots', '0'])).toEqual([
      2,
      '--robots needs a whole number >= 1',
    ]);
    expect(await first(['--shift-hours', '1', '--rate', '100', '--robots', '9'])).toEqual([
      2,
      '--robots 9: the layout has 4 robots',
    ]);
    expect(await first(['--shift-hours', '1', '--rate', '100', '--plan', 'plan.json'])).toEqual([
      2,
      "--plan runs a day's plan; a shift (--shift-hours) makes its own as orders arrive",
    ]);
  });
  it('runs a day and a shift with --delays and --breakdowns, and reports them on the summary line', async () => {
    const day = await run([
      S1,
      '--algorithm',
      'greedy_distance',
      '--delays',
      '30:20',
      '--breakdowns',
      '0.5:2',
      '--summary',
    ]);
    expect(day.code).toBe(0);
    expect(day.stdout).toMatch(
      /^instance=s1 traffic_policy=guided planned=(\d+\.\d\d)s free_flow=\1s executed=\d+\.\d\ds waiting=\d+\.\d\ds throughput=\d+\.\d\/h extra_charges=\d+ delays=\d+\/\d+\.\d\ds breakdowns=\d+\/\d+\.\d\ds conflicts=0 runtime=\d+ms\n$/,
    );
    // The JSON is simulate's with the same parameters, the run without them included.
    const instance = JSON.parse(readFileSync(S1, 'utf8'));
    const plan = solve(buildProblem(instance), GREEDY_PLAN).results;
    const dir = mkdtempSync(join(tmpdir(), 'fleetlab-sim-'));
    writeFileSync(join(dir, 'plan.json'), JSON.stringify(plan));
    const json = await run([S1, '--plan', join(dir, 'plan.json'), '--delays', '120:20']);
    const expected = simulate(
      instance.environment,
      plan,
      { ...instance.params, delays: { rate_per_robot_h: 120, mean_s: 20 } },
      { tasks: instance.tasks },
    );
    expect(JSON.parse(json.stdout)).toEqual(expected);
    expect(expected.totals.delays?.count).toBeGreaterThan(0);
    expect(expected.totals.without_disruptions?.executed_makespan_s).toBe(
      simulate(instance.environment, plan, instance.params, { tasks: instance.tasks }).totals.executed_makespan_s,
    );
    const shift = await run([
      S1,
      '--shift-hours',
      '0.5',
      '--rate',
      '120',
      '--delays',
      '20:15',
      '--breakdowns',
      '1:3',
      '--summary',
    ]);
    expect(shift.code).toBe(0);
    expect(shift.stdout).toMatch(
      / replans=\d+ delays=\d+\/\d+\.\d\ds breakdowns=\d+\/\d+\.\d\ds conflicts=0 runtime=\d+ms\n$/,
    );
  });

  it('refuses bad --delays and --breakdowns with exit 2 naming the flag', async () => {
    const first = async (argv: string[]) => {
      const { code, stderr } = await run([S1, ...argv]);
      return [code, stderr.split('\n')[0]];
    };
    expect(await first(['--delays', '1'])).toEqual([2, '--delays needs RATE:SECONDS, got "1"']);
    expect(await first(['--delays', 'a:30'])).toEqual([2, '--delays needs RATE:SECONDS, got "a:30"']);
    expect(await first(['--delays', '0:30'])).toEqual([
      2,
      '--delays 0:30: delays.rate_per_robot_h must be above 0 and at most 120',
    ]);
    expect(await first(['--breakdowns', '8:-1'])).toEqual([
      2,
      '--breakdowns 8:-1: breakdowns.repair_min must be above 0 and at most 1440',
    ]);
    expect(await first(['--shift-hours', '1', '--rate', '100', '--breakdowns', '8'])).toEqual([
      2,
      '--breakdowns needs MTBF_H:REPAIR_MIN, got "8"',
    ]);
  });
});
