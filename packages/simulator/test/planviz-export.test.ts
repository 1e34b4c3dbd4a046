import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeTimeline,
  Floor,
  importLorrProblem,
  parseGridMap,
  planVizExport,
  type ExecutionRecord,
  type PlanVizOutput,
} from '@fleetlab/warehouse';
import { runCli } from '../src/cli.ts';
import { runShift } from '../src/index.ts';

const fixture = (path: string) =>
  readFileSync(new URL(`../../warehouse/test/fixtures/lorr-small/${path}`, import.meta.url), 'utf8');

/** The small LoRR problem's floor: 8 x 6, shelf S1 over row 1 (columns 1-6), robots at (0, 0) and (7, 0). */
const imported = importLorrProblem({
  problem: fixture('small-example_2.json'),
  map: fixture('maps/small.map'),
  agents: fixture('agents/small_2.agents'),
  tasks: fixture('tasks/small_5.tasks'),
});
const environment = { dimensions: imported.layout.dimensions, elements: imported.layout.elements };

/** A robot's cells as PlanViz replays its actions (MAPF model: R column + 1, L column - 1, U row + 1, D row - 1). */
function replay(output: PlanVizOutput, agent: number): [number, number][] {
  const start = output.start[agent];
  if (!start) throw new Error(`no start for agent ${agent}`);
  let [row, column] = start;
  const cells: [number, number][] = [[row, column]];
  for (const action of (output.actualPaths[agent] ?? '').split(',')) {
    if (action === 'R') column += 1;
    else if (action === 'L') column -= 1;
    else if (action === 'U') row += 1;
    else if (action === 'D') row -= 1;
    else expect(action).toBe('W');
    cells.push([row, column]);
  }
  return cells;
}

/** The execution's cells of a robot, step by step, as (row, column). */
function executedCells(execution: ExecutionRecord, robot: string, steps: number): [number, number][] {
  const { width } = execution.heatmap;
  const timeline = execution.robots[robot]?.timeline ?? [];
  return Array.from(decodeTimeline(timeline, steps, width), (cell) => [Math.floor(cell / width), cell % width]);
}

function capture() {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text };
}

describe('PlanViz export', () => {
  it('writes a day on the small map, hand-worked: actions, errands and events, read back cell for cell', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'fleetlab-planviz-'));
    const instancePath = join(directory, 'small.json');
    const planPath = join(directory, 'plan.json');
    writeFileSync(instancePath, JSON.stringify({ id: 'small', environment, tasks: imported.pairs.slice(0, 2) }));
    writeFileSync(planPath, JSON.stringify({ R1_1: [{ task: ['P13', 'D1'] }], R2_1: [{ task: ['P10', 'D2'] }] }));
    const stdout = capture();
    const stderr = capture();
    const out = join(directory, 'planviz');
    expect(await runCli([instancePath, '--plan', planPath, '--export', 'planviz', out], stdout, stderr)).toBe(0);
    expect(stderr.text()).toBe(`PlanViz files: ${join(out, 'small.json')} ${join(out, 'small.map')}\n`);
    const execution = JSON.parse(stdout.text()) as ExecutionRecord;
    const output = JSON.parse(readFileSync(join(out, 'small.json'), 'utf8')) as PlanVizOutput;

    // R1_1 leaves (0, 0) down the left edge to P13's cell (1, 2) at step 3, then D1 (1, 4) at step 5,
    // then heads home; R2_1 comes down the right edge and along row 2 to P10's cell (4, 2) at step 5,
    // then to D2 (6, 4) at step 9. Rows grow downwards: PlanViz's U.
    expect(output).toMatchObject({
      actionModel: 'MAPF',
      version: '2024 LoRR',
      AllValid: 'Yes',
      teamSize: 2,
      start: [
        [0, 0, 'E'],
        [0, 7, 'E'],
      ],
      numTaskFinished: 2,
      makespan: 9,
      sumOfCost: 18,
      errors: [],
      robotIds: ['R1_1', 'R2_1'],
      tasks: [
        [0, 0, [2, 1, 4, 1]],
        [1, 0, [2, 4, 4, 6]],
      ],
      events: [
        [3, 0, 0, 1],
        [5, 0, 0, 2],
        [5, 1, 1, 1],
        [9, 1, 1, 2],
      ],
      actualSchedule: ['0:0', '0:1'],
    });
    expect(output.actualPaths).toEqual(['U,U,R,U,U,D,L,D,D', 'U,U,L,L,L,U,R,U,R']);
    expect(output.plannerPaths).toEqual(output.actualPaths);

    // Read back: the map is the floor, and every agent's replayed cells are the execution's.
    const map = parseGridMap(readFileSync(join(out, 'small.map'), 'utf8'));
    expect(map.blocked).toEqual(new Floor(environment).blocked);
    output.robotIds.forEach((robot, agent) => {
      const cells = replay(output, agent);
      expect(cells).toEqual(executedCells(execution, robot, output.makespan));
      for (const [row, column] of cells) expect(map.blocked[row * map.width + column]).toBe(0);
    });
  });

  it("writes a shift: its orders as tasks at their release steps, events at each order's pickup and delivery", () => {
    const outcome = runShift(environment, imported.pairs, {
      shift: { hours: 0.25, orders_per_hour: 40, seed: 3 },
    });
    const { execution } = outcome;
    const { output } = planVizExport(environment, execution);
    const orders = execution.orders ?? [];
    expect(orders.length).toBeGreaterThan(0);
    expect(output.tasks.map((task) => task[1])).toEqual(orders.map((order) => Math.round(order.release_s)));
    const delivered = orders.filter((order) => order.done_s !== undefined);
    expect(delivered.length).toBeGreaterThan(0);
    expect(output.numTaskFinished).toBe(delivered.length);
    for (const order of delivered) {
      const task = orders.indexOf(order);
      const agent = output.robotIds.indexOf(order.robot ?? '');
      expect(output.events).toContainEqual([Math.round(order.done_s ?? 0), agent, task, 2]);
      expect(output.events).toContainEqual([Math.round(order.pickup_s ?? 0), agent, task, 1]);
    }
    // Each robot's schedule lists the orders it served, each no earlier than its release.
    output.robotIds.forEach((robot, agent) => {
      const entries = (output.actualSchedule[agent] ?? '').split(',').filter((entry) => entry !== '');
      expect(entries).toHaveLength(orders.filter((order) => order.robot === robot).length);
      for (const entry of entries) {
        const [step, task] = entry.split(':').map(Number);
        expect(step).toBeGreaterThanOrEqual(output.tasks[task ?? 0]?.[1] ?? 0);
      }
    });
    output.robotIds.forEach((robot, agent) => {
      expect(replay(output, agent)).toEqual(executedCells(execution, robot, output.makespan));
    });
  });
});
