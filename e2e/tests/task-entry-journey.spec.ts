import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createEnvironmentViaApi } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';

type Pair = [string, string];
interface StoredTask {
  id: number;
  name: string;
  scenario_id: number;
  task_type: string;
  details: {
    tasks: Pair[];
    start_point?: [number, number];
    end_point?: [number, number];
    priority?: string;
    additional_details?: Record<string, unknown>;
  };
}

// The fixture layout (e2e/fixtures/small-warehouse.json) has pickups P7 (4, 7.5), P10 (2.5, 9),
// P13 (2, 6.5), P17 (7.5, 3), P47 (12, 4.5) among others, and dropoffs D1 (5.5, 19.5), D2 (15.5, 19.5).

async function createScenarioViaApi(
  page: Page,
  environmentId: number,
  name: string,
): Promise<{ id: number; name: string }> {
  return apiAs(page, 'POST', '/scenarios', {
    name,
    description: 'Hand-entered orders',
    environment_id: environmentId,
    parameters: {},
  });
}

async function storedTasks(page: Page, scenarioId: number): Promise<StoredTask[]> {
  return apiAs<StoredTask[]>(page, 'GET', `/tasks?scenario_id=${scenarioId}`);
}

/** The cells of every body row of a table, as the page shows them. */
async function bodyRows(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  const texts: string[][] = [];
  for (let index = 0; index < (await rows.count()); index++) {
    texts.push((await rows.nth(index).locator('td').allInnerTexts()).map((text) => text.trim()));
  }
  return texts;
}

function pointButton(page: Page, name: string): Locator {
  return page.getByRole('button', { name, exact: true });
}

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) };
}

test('a planner builds a task by clicking pickups and dropoffs on the map, removes one pair and saves', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'dispatcher');
  const environment = await createEnvironmentViaApi(page, 'Manual entry floor');
  const scenario = await createScenarioViaApi(page, environment.id, 'Hand-picked shift');

  await page.goto(`/tasks/create?scenario_id=${scenario.id}`);
  await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();
  const map = page.getByRole('group', { name: 'Environment map: click a pickup, then a dropoff' });
  await expect(map).toBeVisible();
  await expect(page.getByText('No pairs yet.')).toBeVisible();
  // The 20 x 20 floor gets at least 24 px a cell: a point is a target a pointer hits.
  const box = await map.boundingBox();
  expect((box?.height ?? 0) / 20).toBeGreaterThanOrEqual(24);

  // A dropoff alone adds nothing.
  await pointButton(page, 'Dropoff D1').click();
  await expect(page.getByText('Click a pickup first, then a dropoff.')).toBeVisible();

  await pointButton(page, 'Pickup P7').click();
  await expect(pointButton(page, 'Pickup P7')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Pickup P7 selected: now click a dropoff.')).toBeVisible();
  await pointButton(page, 'Dropoff D1').click();
  await expect(page.getByText('Added P7 → D1 from the map.')).toBeVisible();
  await expect(pointButton(page, 'Pickup P7')).toHaveAttribute('aria-pressed', 'false');

  await pointButton(page, 'Pickup P10').click();
  await pointButton(page, 'Dropoff D2').click();
  await expect(page.getByText('Added P10 → D2 from the map.')).toBeVisible();
  await pointButton(page, 'Pickup P17').click();
  await pointButton(page, 'Dropoff D1').click();
  await expect(page.getByText('Added P17 → D1 from the map.')).toBeVisible();

  const pairsTable = page.getByRole('table', { name: 'Pairs of the new task' });
  await expect(page.getByRole('heading', { name: 'Pickup-dropoff pairs (3)' })).toBeVisible();
  expect(await bodyRows(pairsTable)).toEqual([
    ['1', 'P7', '(4, 7.5)', 'D1', '(5.5, 19.5)', 'Remove'],
    ['2', 'P10', '(2.5, 9)', 'D2', '(15.5, 19.5)', 'Remove'],
    ['3', 'P17', '(7.5, 3)', 'D1', '(5.5, 19.5)', 'Remove'],
  ]);
  await page.screenshot({ path: screenshotPath('task-create'), fullPage: true });

  await page.getByRole('button', { name: 'Remove pair 2' }).click();
  await expect(page.getByRole('heading', { name: 'Pickup-dropoff pairs (2)' })).toBeVisible();
  expect(await bodyRows(pairsTable)).toEqual([
    ['1', 'P7', '(4, 7.5)', 'D1', '(5.5, 19.5)', 'Remove'],
    ['2', 'P17', '(7.5, 3)', 'D1', '(5.5, 19.5)', 'Remove'],
  ]);

  await page.getByLabel('Task Name').fill('Hand-picked orders');
  await page.getByRole('button', { name: 'Save Task' }).click();
  await expect(page).toHaveURL(/\/tasks\/\d+$/);
  const taskId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: 'Hand-picked orders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hand-picked shift' })).toBeVisible();
  const locations = page.getByRole('region', { name: 'Pickups and Dropoffs' }).getByRole('table');
  await expect(locations.locator('tbody tr')).toHaveCount(2);
  expect(await bodyRows(locations)).toEqual([
    ['1', 'P7', 'D1'],
    ['2', 'P17', 'D1'],
  ]);

  const stored = await apiAs<StoredTask>(page, 'GET', `/tasks/${taskId}`);
  expect(stored.name).toBe('Hand-picked orders');
  expect(stored.scenario_id).toBe(scenario.id);
  expect(stored.task_type).toBe('pickup_delivery');
  expect(stored.details.tasks).toEqual([
    ['P7', 'D1'],
    ['P17', 'D1'],
  ]);
  // A hand-built task starts at its first pickup and ends at its last dropoff.
  expect(stored.details.start_point).toEqual([4, 7.5]);
  expect(stored.details.end_point).toEqual([5.5, 19.5]);
  expect(stored.details.priority).toBe('medium');
});

test('a CSV with an unknown id is refused by line and blocks saving; the corrected file saves', async ({ page }) => {
  await signUpAndLogIn(page, 'csvimport');
  const environment = await createEnvironmentViaApi(page, 'CSV floor');
  const scenario = await createScenarioViaApi(page, environment.id, 'Imported shift');
  expect(await storedTasks(page, scenario.id)).toEqual([]);

  await page.goto(`/tasks/create?scenario_id=${scenario.id}`);
  await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();

  // One pair from the lists first, so Save has something it could save.
  await page.getByRole('combobox', { name: 'Pickup', exact: true }).selectOption('P13');
  await page.getByRole('combobox', { name: 'Dropoff', exact: true }).selectOption('D2');
  await page.getByRole('button', { name: 'Add Pair' }).click();
  await expect(page.getByText('Added P13 → D2 from the lists.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pickup-dropoff pairs (1)' })).toBeVisible();

  const csvInput = page.getByLabel('Import CSV');
  const csvProblems = page.getByRole('alert').filter({ hasText: 'Nothing was imported.' });
  await csvInput.setInputFiles(csvFile('orders.csv', ['pickup_id,dropoff_id', 'P7,D1', 'P99,D1', 'P10,D2']));
  await expect(csvProblems).toContainText('Nothing was imported. Fix these lines and import the file again:');
  await expect(csvProblems.getByRole('listitem')).toHaveText(['Line 3: unknown pickup P99']);
  // All rows or none: the two good lines were not added either.
  await expect(page.getByRole('heading', { name: 'Pickup-dropoff pairs (1)' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('task-csv-error'), fullPage: true });

  await page.getByRole('button', { name: 'Save Task' }).click();
  await expect(page.getByText('Fix the CSV lines listed above and import the file again before saving')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tasks/create\\?scenario_id=${scenario.id}$`));
  expect(await storedTasks(page, scenario.id), 'nothing was saved').toEqual([]);

  // Every bad line is listed, each by its number.
  await csvInput.setInputFiles(csvFile('orders.csv', ['P7;D9', 'P10', '', 'P47,D1']));
  await expect(csvProblems.getByRole('listitem')).toHaveText([
    'Line 1: unknown dropoff D9',
    'Line 2: expected pickup_id,dropoff_id but found 1 value',
  ]);
  expect(await storedTasks(page, scenario.id)).toEqual([]);

  await csvInput.setInputFiles(csvFile('orders-fixed.csv', ['pickup_id,dropoff_id', 'P7,D1', 'P10,D2', 'P47,D1']));
  await expect(page.getByText('Imported 3 pairs from orders-fixed.csv.')).toBeVisible();
  await expect(csvProblems).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Pickup-dropoff pairs (4)' })).toBeVisible();
  expect(await bodyRows(page.getByRole('table', { name: 'Pairs of the new task' }))).toEqual([
    ['1', 'P13', '(2, 6.5)', 'D2', '(15.5, 19.5)', 'Remove'],
    ['2', 'P7', '(4, 7.5)', 'D1', '(5.5, 19.5)', 'Remove'],
    ['3', 'P10', '(2.5, 9)', 'D2', '(15.5, 19.5)', 'Remove'],
    ['4', 'P47', '(12, 4.5)', 'D1', '(5.5, 19.5)', 'Remove'],
  ]);

  await page.getByRole('button', { name: 'Save Task' }).click();
  await expect(page).toHaveURL(/\/tasks\/\d+$/);
  const taskId = Number(page.url().split('/').pop());
  // No name typed: the default names the scenario.
  await expect(page.getByRole('heading', { name: 'Manual task for Imported shift' })).toBeVisible();

  const tasks = await storedTasks(page, scenario.id);
  expect(tasks.map((task) => task.id)).toEqual([taskId]);
  const stored = await apiAs<StoredTask>(page, 'GET', `/tasks/${taskId}`);
  expect(stored.name).toBe('Manual task for Imported shift');
  expect(stored.details.tasks).toEqual([
    ['P13', 'D2'],
    ['P7', 'D1'],
    ['P10', 'D2'],
    ['P47', 'D1'],
  ]);
  expect(stored.details.additional_details).toEqual({ source: 'manual' });
});
