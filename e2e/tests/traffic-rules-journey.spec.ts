import { findOneLaneAisles, generateWarehouseInstance } from '@fleetlab/warehouse';
import { expect, test, type Locator } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createScenarioWithTaskViaApi } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import {
  clickCell,
  clickGridPoint,
  dragBetweenCells,
  editorCanvas,
  editorStatus,
  layoutCountsText,
  pressAndDragBetweenCells,
} from '../support/grid-editor.ts';
import { finishedSolve, floorLines } from '../support/results-page.ts';

type Point = [number, number];
interface StoredRules {
  elements: {
    one_way_aisles?: { id: string; position: Point; size: Point; direction: string }[];
    keep_clear_cells?: { id: string; position: Point }[];
  };
  problems: { errors: unknown[]; warnings: unknown[] };
}

const DIMENSIONS = { width: 12, height: 10 };

/**
 * Pixels of the map canvas inside cell (x, y) (its middle 80%, clear of the grid lines) whose
 * colour lies within 40 of `rgb` on each channel.
 */
async function pixelsNear(
  map: Locator,
  cell: { x: number; y: number },
  rgb: readonly [number, number, number],
): Promise<number> {
  return map.evaluate(
    (canvas, { cell, rgb }) => {
      const element = canvas as HTMLCanvasElement;
      const scale = element.width / element.clientWidth;
      const size = Number(element.dataset.cellSize);
      const left = Math.round((Number(element.dataset.offsetX) + (cell.x + 0.1) * size) * scale);
      const top = Math.round((Number(element.dataset.offsetY) + (cell.y + 0.1) * size) * scale);
      const side = Math.round(0.8 * size * scale);
      const { data } = element.getContext('2d')!.getImageData(left, top, side, side);
      let near = 0;
      for (let index = 0; index < data.length; index += 4) {
        if (
          Math.abs(data[index] - rgb[0]) <= 40 &&
          Math.abs(data[index + 1] - rgb[1]) <= 40 &&
          Math.abs(data[index + 2] - rgb[2]) <= 40
        )
          near += 1;
      }
      return near;
    },
    { cell, rgb },
  );
}

/** The chevrons of an aisle (slate-200) and the hatching of a keep-clear cell (rose-400). */
const CHEVRON: [number, number, number] = [226, 232, 240];
const HATCH: [number, number, number] = [251, 113, 133];

test('a planner draws a one-way aisle and a keep-clear cell with the mouse, saves, and sees them on the environment map', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'rules');
  await page.goto('/environments/grid-editor');
  await page.getByLabel('Name').fill('One-way hall');
  await page.getByLabel('Width').fill(String(DIMENSIONS.width));
  await page.getByLabel('Height').fill(String(DIMENSIONS.height));
  await page.getByLabel('Height').blur();
  await expect(editorStatus(page)).toHaveText(`Grid ${DIMENSIONS.width} x ${DIMENSIONS.height}`);

  // A shelf, a dropoff and a station to keep reachable.
  await dragBetweenCells(page, DIMENSIONS, { x: 2, y: 2 }, { x: 5, y: 3 });
  await page.getByRole('button', { name: 'Add Dropoff' }).click();
  await clickCell(page, DIMENSIONS, { x: 9, y: 7 });
  await page.getByRole('button', { name: 'Add Robot Station' }).click();
  await clickCell(page, DIMENSIONS, { x: 0, y: 9 });

  // Row 5 dragged left to right would run right; the left arrow turns it before release.
  await page.getByRole('button', { name: 'Add One-Way Aisle' }).click();
  const canvas = editorCanvas(page);
  await expect(canvas).toHaveAttribute('data-tool', 'one_way_aisle');
  await pressAndDragBetweenCells(page, DIMENSIONS, { x: 1, y: 5 }, { x: 8, y: 5 });
  await expect(canvas).toHaveAttribute('data-preview', 'valid');
  const picker = page.getByRole('group', { name: 'One-way direction' });
  await expect(picker).toContainText('Drawing an aisle running right');
  await page.keyboard.press('ArrowLeft');
  await expect(picker).toContainText('Drawing an aisle running left');
  await page.screenshot({ path: screenshotPath('editor-one-way-aisle-preview'), fullPage: true });
  await page.mouse.up();
  await expect(editorStatus(page)).toHaveText('Added one-way aisle W1 (8 cells, running left)');

  // Row 9 running left leaves the station in the corner one way out, up column 0; column 0
  // running down (dragged downwards) would close it: refused in red, naming the dropoff and both aisles.
  await pressAndDragBetweenCells(page, DIMENSIONS, { x: 1, y: 9 }, { x: 11, y: 9 });
  await page.keyboard.press('ArrowLeft');
  await expect(canvas).toHaveAttribute('data-preview', 'valid');
  await page.mouse.up();
  await expect(editorStatus(page)).toHaveText('Added one-way aisle W2 (11 cells, running left)');
  await pressAndDragBetweenCells(page, DIMENSIONS, { x: 0, y: 6 }, { x: 0, y: 8 });
  await expect(canvas).toHaveAttribute('data-preview', 'invalid');
  await expect(editorStatus(page)).toHaveText(
    'Dropoff D1 cannot be reached from station R1: one-way aisles W2 (running left) and W3 (running down) cut it off',
  );
  await page.mouse.up();
  await expect(layoutCountsText(page)).toContainText('One-Way Aisles: 2 · Keep-Clear Cells: 0');

  await page.getByRole('button', { name: 'Add Keep-Clear Cell' }).click();
  await clickCell(page, DIMENSIONS, { x: 7, y: 7 });
  await expect(editorStatus(page)).toHaveText('Added keep-clear cell K1');
  await expect(layoutCountsText(page)).toContainText('One-Way Aisles: 2 · Keep-Clear Cells: 1');
  // A layout is saved with a pickup to load at: the shelf's first top-side point.
  await expect(page.getByRole('region', { name: 'Layout needs' })).toContainText('The layout has no pickup point');
  await page.getByRole('button', { name: 'Select Pickups' }).click();
  await clickGridPoint(page, DIMENSIONS, 2.5, 2);
  await expect(page.getByRole('region', { name: 'Layout needs' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Environment' }).click();
  await expect(page).toHaveURL(/\/environments\/\d+$/);
  const environmentId = Number(page.url().split('/').pop());

  const stored = await apiAs<StoredRules>(page, 'GET', `/environments/${environmentId}`);
  expect(stored.elements.one_way_aisles).toEqual([
    { id: 'W1', position: [1, 5], size: [8, 1], direction: 'left' },
    { id: 'W2', position: [1, 9], size: [11, 1], direction: 'left' },
  ]);
  expect(stored.elements.keep_clear_cells).toEqual([{ id: 'K1', position: [7.5, 7.5] }]);
  expect(stored.problems).toEqual({ errors: [], warnings: [] });

  // The environment page's map draws them, and its legend names them.
  const map = page.getByRole('img', { name: 'Map of One-way hall' });
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('One-Way Aisles');
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Keep-Clear Cells');
  await page.waitForTimeout(400);
  expect(await pixelsNear(map, { x: 4, y: 5 }, CHEVRON), 'chevrons on the aisle').toBeGreaterThan(5);
  expect(await pixelsNear(map, { x: 7, y: 7 }, HATCH), 'hatching on the keep-clear cell').toBeGreaterThan(5);
  expect(await pixelsNear(map, { x: 10, y: 2 }, CHEVRON), 'nothing on a plain cell').toBe(0);
  expect(await pixelsNear(map, { x: 10, y: 2 }, HATCH), 'nothing on a plain cell').toBe(0);
  await page.screenshot({ path: screenshotPath('environment-traffic-rules'), fullPage: true });
});

test('a planner makes the one-lane aisles one-way with one click, and undoes it', async ({ page }) => {
  await signUpAndLogIn(page, 'lanes');
  await page.goto('/environments/grid-editor');
  await page.getByLabel('Width').fill(String(DIMENSIONS.width));
  await page.getByLabel('Height').fill(String(DIMENSIONS.height));
  await page.getByLabel('Height').blur();
  // Three shelves two cells wide over rows 2-6 leave columns 4 and 7 one lane wide, open at rows 1 and 7.
  for (const x of [2, 5, 8]) await dragBetweenCells(page, DIMENSIONS, { x, y: 2 }, { x: x + 1, y: 6 });
  await expect(layoutCountsText(page)).toContainText('Shelves: 3');

  const lanes = page.getByRole('button', { name: 'One-Way Lanes' });
  await lanes.click();
  await expect(editorStatus(page)).toHaveText('Made 2 one-lane aisles one-way, alternating lane by lane');
  await expect(layoutCountsText(page)).toContainText('One-Way Aisles: 2');
  await page.screenshot({ path: screenshotPath('editor-one-way-lanes'), fullPage: true });
  await lanes.click();
  await expect(editorStatus(page)).toHaveText('Every one-lane aisle between shelves is one-way already');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(layoutCountsText(page)).not.toContainText('One-Way Aisles');
});

test('a solve names the two-way one-lane aisles its robots detoured in; the planner makes them one-way and re-runs on the new version', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'lanesrerun');
  // A pick zone with one-cell aisles, 20 robots and hot-spot orders: robots meet head-on in the lanes.
  const floor = generateWarehouseInstance({
    width: 20,
    height: 20,
    stations: 4,
    robotsPerStation: 5,
    orders: 100,
    seed: 1,
    aisleWidth: 1,
    hotSpot: { share: 0.6, pickupsFraction: 0.1 },
  });
  const lanes = findOneLaneAisles(floor.environment.dimensions, floor.environment.elements.shelves).length;
  const ids = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Pick zone', scenario: 'Hot hour', task: '100 orders' },
    floor.tasks,
    floor.environment,
  );
  const solve = await apiAs<{ id: number }>(page, 'POST', '/solves', {
    name: 'Two-way lanes',
    description: '',
    parameters: { algorithm_type: 'greedy_distance', robot_model: 'point' },
    environment_id: ids.environmentId,
    scenario_id: ids.scenarioId,
    algorithm_id: 1,
    task_id: ids.taskId,
  });
  expect((await finishedSolve<{ status: string }>(page, solve.id)).status).toBe('completed');
  await page.goto(`/solves/${solve.id}`);
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible({ timeout: 30_000 });
  const detours = async () => (await floorLines(page)).find((line) => line[0] === 'Detours')?.[2] ?? '';
  await expect
    .poll(detours)
    .toContain(
      `${lanes} one-lane aisles of this floor run both ways, where two robots meeting head-on cannot pass: One-Way Lanes in the editor can make them one-way, alternating lane by lane.`,
    );

  // The remedy, in the editor: every lane one-way in one click, saved as version 2.
  await page.goto(`/environments/${ids.environmentId}`);
  await page.getByRole('link', { name: 'Edit Layout' }).click();
  await page.getByRole('button', { name: 'One-Way Lanes' }).click();
  await expect(editorStatus(page)).toHaveText(`Made ${lanes} one-lane aisles one-way, alternating lane by lane`);
  await page.getByRole('button', { name: 'Save as version 2' }).click();
  await expect(page.getByText('Layout version 2')).toBeVisible();
  const saved = await apiAs<StoredRules>(page, 'GET', `/environments/${ids.environmentId}`);
  expect(saved.elements.one_way_aisles).toHaveLength(lanes);

  // The same solve on version 2: the plan drives the lanes their way, and no lane is left to name.
  await page.goto(`/solves/${solve.id}`);
  await page.getByRole('button', { name: 'Re-run on version 2' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/solves/${solve.id}$`));
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible({ timeout: 60_000 });
  await expect.poll(detours).toMatch(/^Metres the robots drove up to their last deliveries beyond the plan’s walks: /);
  expect(await detours()).not.toContain('one-lane aisle');
  await page.screenshot({ path: screenshotPath('solve-on-one-way-lanes'), fullPage: true });
});

test('a solve’s results show where the time goes, with shares that add up to 100%', async ({ page }) => {
  await signUpAndLogIn(page, 'timeshare');
  const floor = generateWarehouseInstance({
    width: 20,
    height: 15,
    stations: 2,
    robotsPerStation: 3,
    orders: 24,
    dropoffs: 2,
    seed: 9,
  });
  const ids = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Time floor', scenario: 'Busy hour', task: '24 orders' },
    floor.tasks,
    floor.environment,
  );
  // Short charges and one charger per station: robots queue, charge and wait in traffic.
  const solve = await apiAs<{ id: number }>(page, 'POST', '/solves', {
    name: 'Where the time goes',
    description: '',
    parameters: { algorithm_type: 'greedy_distance', max_distance: 120, chargers: 1 },
    environment_id: ids.environmentId,
    scenario_id: ids.scenarioId,
    algorithm_id: 1,
    task_id: ids.taskId,
  });
  const finished = await finishedSolve<{
    status: string;
    execution: { robots: Record<string, { waiting_s: number; queued_s: number; dock_queue_s: number }> };
  }>(page, solve.id);
  expect(finished.status).toBe('completed');
  const executed = Object.values(finished.execution.robots);
  // Queued at a dock has a row when robots queued beside a pickup or dropoff.
  const docked = executed.some((robot) => robot.dock_queue_s > 0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/solves/${solve.id}`);
  const section = page.getByRole('region', { name: 'Where the time goes' });
  await expect(section).toBeVisible({ timeout: 30_000 });
  const table = section.getByRole('table', { name: 'Robot time by activity' });
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((elements) =>
      elements.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );
  expect(rows.map((row) => row[0])).toEqual([
    'Driving loaded',
    'Driving empty',
    'Waiting in traffic',
    'Queued at a charger',
    ...(docked ? ['Queued at a dock'] : []),
    'Charging',
    'Handling',
    'Idle',
  ]);
  const tenths = rows.map((row) => Math.round(Number(row[2].replace('%', '')) * 10));
  expect(tenths.reduce((sum, value) => sum + value, 0)).toBe(1000);
  await expect(table.locator('tfoot')).toContainText('100.0%');
  // Moving and charging time is there; one bar per robot, each naming its robot.
  expect(tenths[0]).toBeGreaterThan(0);
  expect(tenths[rows.findIndex((row) => row[0] === 'Charging')]).toBeGreaterThan(0);
  const robotBars = section.getByRole('list', { name: 'Time per robot' }).getByRole('img');
  await expect(robotBars).toHaveCount(Object.keys(finished.execution.robots).length);
  await expect(robotBars.first()).toHaveAttribute('aria-label', /^R\d+_\d+: Driving loaded \d+\.\d%/);
  // Every part of the section fits the 1280 px page.
  const overflow = await section.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await section.screenshot({ path: screenshotPath('where-the-time-goes') });

  // The most congested cells, each located on the congestion map at a click.
  const congestion = page.getByRole('region', { name: 'Congestion' });
  const hottest = congestion.getByRole('list', { name: 'Most congested cells' }).getByRole('button');
  // Waiting in traffic: beyond the charger and dock queues, which are listed apart.
  const anyTraffic = executed.some((robot) => robot.waiting_s - robot.queued_s - robot.dock_queue_s > 0.005);
  if (anyTraffic) {
    await hottest.first().click();
    await expect(congestion.getByTestId('focused-cell')).toBeVisible();
    await expect(congestion.getByRole('button', { name: 'Hide Heat Map' })).toBeVisible();
  } else {
    await expect(congestion.getByText(/^No robot waited (anywhere|for another robot)\.$/)).toBeVisible();
  }
  // The docks' queues are listed apart, each dock named with the queue the run counted beside it.
  if (docked) {
    const docks = congestion.getByRole('list', { name: 'Dock queues' }).getByRole('button');
    await expect(docks.first()).toHaveText(/^(Dropoff|Pickup) \S+ \(\d+, \d+\): .+ queued for it$/);
    await docks.first().click();
    await expect(docks.first()).toHaveAttribute('aria-pressed', 'true');
  }
});
