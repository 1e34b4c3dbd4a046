import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { decodeTimeline, parseGridMap } from '@fleetlab/warehouse';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createScenarioWithTaskViaApi } from '../support/api.ts';
import { finishedSolve } from '../support/results-page.ts';

/** The published VDA 5050 2.1.0 order schema (packages/warehouse/test/fixtures/vda5050/README.md). */
const orderSchema = JSON.parse(
  readFileSync(new URL('../../packages/warehouse/test/fixtures/vda5050/order.schema', import.meta.url), 'utf8'),
);

/** Clicks the button and collects the `count` files it downloads, by suggested name. */
async function downloadOn(page: Page, button: string, count: number): Promise<Map<string, string>> {
  const downloads: Download[] = [];
  const collect = (download: Download) => downloads.push(download);
  page.on('download', collect);
  await page.getByRole('button', { name: button }).click();
  await expect.poll(() => downloads.length).toBe(count);
  page.off('download', collect);
  const files = new Map<string, string>();
  for (const download of downloads)
    files.set(download.suggestedFilename(), readFileSync(await download.path(), 'utf8'));
  return files;
}

test('a planner hands a solve on: PlanViz files of its run and VDA 5050 orders of its plan, from the results page', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'field-exports');
  const pairs = [
    ['P7', 'D1'],
    ['P17', 'D2'],
    ['P10', 'D1'],
    ['P13', 'D2'],
  ] as const;
  const { environmentId, scenarioId, taskId } = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Export floor', scenario: 'Hand-over', task: 'Four orders' },
    pairs,
  );
  const solve = await apiAs<{ id: number }>(page, 'POST', '/solves', {
    name: 'To the fleet',
    description: '',
    parameters: { algorithm_type: 'greedy_distance' },
    environment_id: environmentId,
    scenario_id: scenarioId,
    algorithm_id: 1,
    task_id: taskId,
  });
  const finished = await finishedSolve<{
    status: string;
    results: Record<string, { task: unknown }[]>;
    execution: { step_s: number; heatmap: { width: number }; robots: Record<string, { timeline: number[] }> };
  }>(page, solve.id);
  expect(finished.status).toBe('completed');

  await page.goto(`/solves/${solve.id}`);
  await expect(page.getByRole('button', { name: 'Export PlanViz' })).toBeEnabled({ timeout: 30_000 });

  // PlanViz: the replay and the floor's map; every robot's actions replay its run, cell for cell.
  const planViz = await downloadOn(page, 'Export PlanViz', 2);
  expect([...planViz.keys()].sort()).toEqual([`solve-${solve.id}-planviz.json`, `solve-${solve.id}-planviz.map`]);
  const output = JSON.parse(planViz.get(`solve-${solve.id}-planviz.json`) ?? '{}');
  const map = parseGridMap(planViz.get(`solve-${solve.id}-planviz.map`) ?? '');
  expect([map.width, map.height]).toEqual([20, 20]);
  expect(output.numTaskFinished).toBe(pairs.length);
  const width = finished.execution.heatmap.width;
  output.robotIds.forEach((robot: string, agent: number) => {
    let [row, column] = output.start[agent];
    const replayed = [row * width + column];
    for (const action of output.actualPaths[agent].split(',')) {
      if (action === 'R') column += 1;
      if (action === 'L') column -= 1;
      if (action === 'U') row += 1;
      if (action === 'D') row -= 1;
      replayed.push(row * width + column);
    }
    const timeline = finished.execution.robots[robot]?.timeline ?? [];
    expect(replayed).toEqual([...decodeTimeline(timeline, output.makespan, width)]);
  });

  // VDA 5050: one order per robot and trip, each valid against the published schema.
  const vda = await downloadOn(page, 'Export VDA 5050', 1);
  const orders = JSON.parse(vda.get(`solve-${solve.id}-vda5050-2.1.0.json`) ?? '[]');
  const trips = Object.values(finished.results).reduce((sum, steps) => sum + steps.length, 0);
  expect(orders).toHaveLength(trips);
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  const validate = ajv.compile(orderSchema);
  for (const order of orders) expect(validate(order), JSON.stringify(validate.errors)).toBe(true);
  expect(orders[0].nodes[0].nodePosition.mapId).toBe('Export floor');
});
