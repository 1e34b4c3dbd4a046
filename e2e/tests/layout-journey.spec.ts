import { generateWarehouseInstance } from '@fleetlab/warehouse';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import { boxOf, disjoint, finishedSolve } from '../support/results-page.ts';

type Point = { id: string; position: [number, number] };

// The floor of the report: 20 x 15, stations along the top row, dropoffs along the bottom row.
const FLOOR = generateWarehouseInstance({
  width: 20,
  height: 15,
  stations: 2,
  robotsPerStation: 3,
  orders: 40,
  dropoffs: 3,
  seed: 3,
});
const EDGE_POINTS: Point[] = [
  ...FLOOR.environment.elements.robot_stations,
  ...FLOOR.environment.elements.dropoffs,
] as Point[];

/**
 * Every station and dropoff of the floor (the top and the bottom rows), with the half cell its
 * symbol takes around its centre, lies inside the visible canvas of `map`.
 */
async function expectWholeFloorInView(map: Locator) {
  await expect(map).toBeVisible();
  const view = await map.evaluate((canvas) => ({
    cellSize: Number(canvas.dataset.cellSize),
    offsetX: Number(canvas.dataset.offsetX),
    offsetY: Number(canvas.dataset.offsetY),
    width: canvas.clientWidth,
    height: canvas.clientHeight,
  }));
  const { width, height } = FLOOR.environment.dimensions;
  // The floor's corners, and so every element on it.
  expect(view.offsetX).toBeGreaterThanOrEqual(0);
  expect(view.offsetY).toBeGreaterThanOrEqual(0);
  expect(view.offsetX + width * view.cellSize).toBeLessThanOrEqual(view.width);
  expect(view.offsetY + height * view.cellSize).toBeLessThanOrEqual(view.height);
  for (const point of EDGE_POINTS) {
    const x = view.offsetX + point.position[0] * view.cellSize;
    const y = view.offsetY + point.position[1] * view.cellSize;
    expect(x - view.cellSize / 2, point.id).toBeGreaterThanOrEqual(0);
    expect(y - view.cellSize / 2, point.id).toBeGreaterThanOrEqual(0);
    expect(x + view.cellSize / 2, point.id).toBeLessThanOrEqual(view.width);
    expect(y + view.cellSize / 2, point.id).toBeLessThanOrEqual(view.height);
  }
}

/** Zooms in and drags the map away, then Reset View brings the whole floor back. */
async function expectResetViewFits(page: Page, map: Locator) {
  const panel = map.locator('xpath=../..');
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  const box = await boxOf(map);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 120, { steps: 5 });
  await page.mouse.up();
  await panel.getByRole('button', { name: 'Reset View' }).click();
  await expectWholeFloorInView(map);
}

test('environment, scenario and congestion maps show the whole floor, and Reset View brings it back', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'maps');
  const environment = await apiAs<{ id: number }>(page, 'POST', '/environments', {
    ...FLOOR.environment,
    name: 'Report floor',
    description: '20 x 15',
  });
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Report day',
    environment_id: environment.id,
    parameters: {},
  });
  const [task] = await apiAs<{ id: number }[]>(page, 'POST', '/tasks/batch', [
    { name: '40 orders', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: FLOOR.tasks } },
  ]);

  await page.goto(`/environments/${environment.id}`);
  const environmentMap = page.getByRole('img', { name: 'Map of Report floor' });
  // The fit is applied 100 ms after the map mounts (spec §9); the map mounts once the lazily
  // loaded page and the environment have arrived, which can take longer than that on a busy machine.
  await expect(environmentMap).toBeVisible();
  await page.waitForTimeout(300);
  await expectWholeFloorInView(environmentMap);
  await expectResetViewFits(page, environmentMap);
  await page.screenshot({ path: screenshotPath('environment-map-fit'), fullPage: true });

  await page.goto(`/scenarios/${scenario.id}`);
  const scenarioMap = page.getByRole('img', { name: 'Environment map' });
  await expect(scenarioMap).toBeVisible();
  await page.waitForTimeout(300);
  await expectWholeFloorInView(scenarioMap);

  // A solve planned with Max Distance 150 and one charger per station: robots queue at chargers.
  const solve = await apiAs<{ id: number }>(page, 'POST', '/solves', {
    name: 'Tight batteries',
    description: '',
    parameters: { algorithm_type: 'greedy_distance', max_distance: 150, chargers: 1 },
    environment_id: environment.id,
    scenario_id: scenario.id,
    algorithm_id: 1,
    task_id: task.id,
  });
  expect((await finishedSolve(page, solve.id)).status).toBe('completed');
  await page.goto(`/solves/${solve.id}`);
  const congestion = page.getByRole('region', { name: 'Congestion' });
  await congestion.getByRole('button', { name: 'Show Heat Map' }).click();
  const congestionMap = congestion.getByRole('img', { name: 'Congestion map' });
  await page.waitForTimeout(300);
  await expectWholeFloorInView(congestionMap);
  await expectResetViewFits(page, congestionMap);

  // The legend's five labels stand apart.
  const ticks = congestion.getByRole('figure', { name: 'Heat map legend' }).getByRole('listitem');
  await expect(ticks).toHaveCount(5);
  const boxes = await Promise.all((await ticks.all()).map((tick) => boxOf(tick)));
  expect(disjoint(boxes)).toBe(true);
  await congestion.screenshot({ path: screenshotPath('congestion-map-fit') });

  // On a long page the side bar's panel runs all the way down beside it.
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(2 * 900);
  const sidebar = await page.locator('aside').evaluate((aside) => aside.getBoundingClientRect().height);
  expect(sidebar).toBeGreaterThanOrEqual(pageHeight - 1);
});
