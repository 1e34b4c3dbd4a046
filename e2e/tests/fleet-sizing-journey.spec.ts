import { readFileSync } from 'node:fs';
import { generateWarehouseInstance } from '@fleetlab/warehouse';
import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import { clickCell, dragBetweenCells, editorStatus, readLayoutCounts } from '../support/grid-editor.ts';

// A 20 x 15 floor with two stations of 3 robots each (6 drawn), two dropoffs along the bottom: four
// 2 x 8 racks, stations at the top, dropoffs at the bottom. The planner draws it; the generator's copy
// is the reference the drawing is checked against (same ids, so the orders below name real pickups).
const FLOOR = generateWarehouseInstance({
  width: 20,
  height: 15,
  stations: 2,
  robotsPerStation: 3,
  orders: 200,
  dropoffs: 2,
  seed: 3,
});

/**
 * 22 short orders (pickups a few metres from their dropoff) and one long one (P20 -> D2, 24 m):
 * the short ones shrink the day with every robot added up to 6 and beyond, until the long
 * order alone sets the makespan, which more robots no longer shorten.
 */
const ORDERS = [
  ['P71', 'D2'],
  ['P33', 'D1'],
  ['P72', 'D2'],
  ['P32', 'D1'],
  ['P70', 'D2'],
  ['P34', 'D1'],
  ['P11', 'D1'],
  ['P31', 'D1'],
  ['P10', 'D1'],
  ['P9', 'D1'],
  ['P69', 'D2'],
  ['P51', 'D2'],
  ['P36', 'D1'],
  ['P50', 'D2'],
  ['P68', 'D2'],
  ['P8', 'D1'],
  ['P30', 'D1'],
  ['P37', 'D1'],
  ['P75', 'D2'],
  ['P13', 'D1'],
  ['P7', 'D1'],
  ['P52', 'D2'],
  ['P20', 'D2'],
];

const DIMENSIONS = FLOOR.environment.dimensions;

/** The cell whose middle is a point such as a dropoff's [5.5, 14.5]. */
function cellOf([x, y]: readonly [number, number]): { x: number; y: number } {
  return { x: Math.floor(x), y: Math.floor(y) };
}

type Experiment = { status: string; points: { solve_id: number; robot_count: number; status: string }[] };

test('a planner draws 6 robots and sizes the fleet past the drawing: no knee up to 6, one click tests more, the knee lies beyond', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'sizer');

  // The planner draws the floor in the grid editor: four racks, two dropoffs, two stations of 3 robots.
  await page.goto('/environments/grid-editor');
  await page.getByLabel('Name').fill('Six robots drawn');
  await page.getByLabel('Width').fill(String(DIMENSIONS.width));
  await page.getByLabel('Height').fill(String(DIMENSIONS.height));
  await page.getByLabel('Robots per station').fill('3');
  await page.getByLabel('Robots per station').blur();
  await expect(editorStatus(page)).toHaveText(`Grid ${DIMENSIONS.width} x ${DIMENSIONS.height}`);
  await page.getByRole('button', { name: 'Add Shelf' }).click();
  for (const shelf of FLOOR.environment.elements.shelves) {
    const [x, y] = shelf.position;
    const [width, height] = shelf.size;
    await dragBetweenCells(page, DIMENSIONS, { x, y }, { x: x + width - 1, y: y + height - 1 });
    await expect(editorStatus(page)).toHaveText(`Added shelf ${shelf.id} (${width}x${height})`);
  }
  await page.getByRole('button', { name: 'Add Dropoff' }).click();
  for (const dropoff of FLOOR.environment.elements.dropoffs) {
    await clickCell(page, DIMENSIONS, cellOf(dropoff.position));
    await expect(editorStatus(page)).toHaveText(`Added dropoff ${dropoff.id}`);
  }
  await page.getByRole('button', { name: 'Add Robot Station' }).click();
  for (const station of FLOOR.environment.elements.robot_stations) {
    await clickCell(page, DIMENSIONS, cellOf(station.position));
    await expect(editorStatus(page)).toHaveText(`Added robot station ${station.id} with 3 robots`);
  }
  await page.getByRole('button', { name: 'Select Pickups' }).click();
  await page.getByRole('button', { name: 'Select all pickups' }).click();
  await expect(editorStatus(page)).toHaveText('Selected all 80 pickup points');
  const counts = await readLayoutCounts(page);
  expect(counts).toMatchObject({ shelves: 4, dropoffs: 2, robotStations: 2, robots: 6, selectedPickups: 80 });
  await page.getByRole('button', { name: 'Create Environment' }).click();
  await expect(page).toHaveURL(/\/environments\/\d+$/);
  const environment = { id: Number(page.url().split('/').pop()) };

  // Stored as drawn: the same racks, pickups, dropoffs, stations and 6 robots as the reference floor.
  const stored = await apiAs<{ elements: typeof FLOOR.environment.elements }>(
    page,
    'GET',
    `/environments/${environment.id}`,
  );
  for (const kind of ['shelves', 'pickups', 'dropoffs', 'robot_stations', 'robots'] as const) {
    expect(stored.elements[kind], kind).toEqual(FLOOR.environment.elements[kind]);
  }

  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Morning',
    environment_id: environment.id,
    parameters: {},
  });
  await apiAs(page, 'POST', '/tasks/batch', [
    { name: '23 orders', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: ORDERS } },
  ]);

  // The sweep of the drawn fleet, 2 to 6 robots.
  await page.goto('/experiments/create');
  await page.getByLabel('Name').fill('How many robots?');
  await page.getByLabel('Scenario', { exact: true }).selectOption(String(scenario.id));
  await expect(page.getByLabel('Task')).toContainText('23 orders');
  await page.getByLabel('Kind').selectOption('fleet_sweep');
  await page.getByLabel('Algorithm').selectOption('greedy_distance');
  await expect(page.getByLabel('Robot Counts')).toHaveValue('1..6');
  await page.getByLabel('Robot Counts').fill('2..6');
  await page.getByRole('button', { name: 'Start Experiment' }).click();
  await expect(page).toHaveURL(/\/experiments\/\d+$/);
  const experimentId = Number(page.url().split('/').pop());

  const finding = page.getByTestId('knee-finding');
  await expect(finding).toHaveText(
    /^No knee within the range: up to the largest tested, 6 robots, .* Test more robots\.$/,
    {
      timeout: 60_000,
    },
  );
  const table = page.getByRole('table', { name: 'Sweep results' });
  await expect(table.locator('tr[data-knee]').getByRole('rowheader')).toHaveText('6Largest tested');

  // One click continues the sweep past the drawing: 7 to 11 robots, parked beside the stations.
  await page.getByRole('button', { name: 'Test 7 to 11 robots' }).click();
  await expect(table.getByRole('rowheader')).toHaveText(
    ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11'].map((count) => new RegExp(`^${count}(?!\\d)`)),
  );
  await expect(finding).toHaveText(
    /^Knee: \d+ robots\. Beyond it, one more robot gains less than 5% of the makespan with traffic\.$/,
    {
      timeout: 60_000,
    },
  );
  const knee = Number.parseInt((await table.locator('tr[data-knee]').getByRole('rowheader').textContent()) ?? '', 10);
  expect(knee).toBeGreaterThan(6);
  await page.screenshot({ path: screenshotPath('fleet-sizing-knee'), fullPage: true });

  // The knee's solve ran with more robots than the drawing has, each one in the plan.
  const experiment = await apiAs<Experiment>(page, 'GET', `/experiments/${experimentId}`);
  const kneePoint = experiment.points.find((point) => point.robot_count === knee);
  expect(kneePoint?.status).toBe('completed');
  await page.goto(`/solves/${kneePoint?.solve_id}`);

  // Its JSON export is the whole answer: makespan, gap and the figures of the run on the floor.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`solve-${kneePoint?.solve_id}.json`);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(exported.format).toBe('fleetlab-solve');
  expect(exported.environment).toEqual({ id: environment.id, name: 'Six robots drawn', version: 1 });
  expect(exported.parameters.robot_count).toBe(knee);
  expect(Object.keys(exported.results)).toHaveLength(knee);
  expect(exported.stats.makespan_s).toBeGreaterThan(0);
  expect(typeof exported.stats.gap).toBe('number');
  // The floor may let robots into a pickup or dropoff in another order than the plan's first
  // come, first served: at most the plan's own dock waits can be saved so.
  expect(exported.stats.execution.executed_makespan_s).toBeGreaterThanOrEqual(
    exported.stats.makespan_s - (exported.stats.dock_queue_s ?? 0) - 1e-6,
  );
  expect(exported.execution.totals.executed_makespan_s).toBe(exported.stats.execution.executed_makespan_s);
});
