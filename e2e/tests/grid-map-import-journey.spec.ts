import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { clickCell, clickGridPoint, editorStatus, layoutCountsText } from '../support/grid-editor.ts';
import { largeWarehouseMapText } from '../../packages/warehouse/bench/large-warehouse-map.ts';

test('a 500 x 140 warehouse map opens in the editor from the environments list and saves; malformed maps are refused naming the line', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpAndLogIn(page, 'map-importer');
  await page.goto('/environments/grid-editor');
  await expect(editorStatus(page)).toHaveText('Grid 20 x 20');
  const emptyCounts = await layoutCountsText(page).textContent();

  const importMap = async (name: string, text: string) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Import map' }).click(),
    ]);
    await chooser.setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  };

  await importMap('ragged.map', 'type octile\nheight 5\nwidth 6\nmap\n......\n.@@@@.\n.....\n......\n......\n');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not import' });
  await expect(alert).toContainText('Could not import ragged.map:');
  await expect(alert.getByRole('listitem')).toHaveText(['line 7: row 2 has 5 cells, the header says width 6']);
  await expect(layoutCountsText(page)).toHaveText(emptyCounts ?? '');

  // From the environments list: a map without a free cell is refused there, and a 500 x 140
  // warehouse map opens in the editor.
  await page.getByRole('link', { name: 'Environments' }).first().click();
  await expect(page).toHaveURL(/\/environments$/);
  await importMap('walls.map', 'type octile\nheight 5\nwidth 5\nmap\n@@@@@\n@@@@@\nTTTTT\n@@@@@\n@@@@@\n');
  await expect(alert).toContainText('Could not import walls.map:');
  await expect(alert.getByRole('listitem')).toHaveText(['the map has no free cell: robots could not stand anywhere']);
  await expect(page).toHaveURL(/\/environments$/);
  const map = largeWarehouseMapText();
  await importMap('long-corridor-warehouse.map', map.text);
  await expect(page).toHaveURL(/\/environments\/grid-editor$/, { timeout: 60_000 });
  await expect(editorStatus(page)).toHaveText('Imported the layout', { timeout: 60_000 });
  await expect(page.getByLabel('Width')).toHaveValue('500');
  await expect(page.getByLabel('Height')).toHaveValue('140');
  await expect(page.getByLabel('Name')).toHaveValue('long-corridor-warehouse');
  await expect(layoutCountsText(page)).toContainText(`Shelves: ${map.shelves} ·`);

  // The map is floor and shelves: the editor says what a solve still needs, and the planner places
  // it in the top-left corner (the aisle row above the first shelf row, y = 9).
  const needs = page.getByRole('region', { name: 'Layout needs' });
  await expect(needs).toContainText('The layout has no pickup point');
  const dimensions = { width: 500, height: 140 };
  await page.getByRole('button', { name: 'Add Robot Station' }).click();
  await clickCell(page, dimensions, { x: 5, y: 5 });
  await page.getByRole('button', { name: 'Add Dropoff' }).click();
  await clickCell(page, dimensions, { x: 7, y: 5 });
  await page.getByRole('button', { name: 'Select Pickups' }).click();
  await clickGridPoint(page, dimensions, 8.5, 9);
  await expect(needs).toHaveCount(0, { timeout: 60_000 });

  await page.getByRole('button', { name: 'Create Environment' }).click();
  await expect(page).toHaveURL(/\/environments\/\d+$/, { timeout: 120_000 });
  const id = Number(page.url().split('/').pop());
  await expect(page.getByText('Dimensions: 500 x 140')).toBeVisible();
  const stored = await apiAs<{ dimensions: unknown; elements: { shelves: unknown[] } }>(
    page,
    'GET',
    `/environments/${id}`,
  );
  expect(stored.dimensions).toEqual({ width: 500, height: 140 });
  expect(stored.elements.shelves).toHaveLength(map.shelves);
});

test('a League of Robot Runners problem becomes an environment, a scenario and its orders', async ({ page }) => {
  await signUpAndLogIn(page, 'lorr-importer');
  await page.getByRole('link', { name: 'Environments' }).first().click();
  await expect(page).toHaveURL(/\/environments$/);
  const fixture = (path: string) =>
    readFileSync(new URL(`../../packages/warehouse/test/fixtures/lorr-small/${path}`, import.meta.url));
  const chooseFiles = async (files: { name: string; buffer: Buffer }[]) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Import LoRR problem' }).click(),
    ]);
    await chooser.setFiles(files.map((file) => ({ ...file, mimeType: 'text/plain' })));
  };
  const problem = { name: 'small-example_2.json', buffer: fixture('small-example_2.json') };
  const map = { name: 'small.map', buffer: fixture('maps/small.map') };
  const agents = { name: 'small_2.agents', buffer: fixture('agents/small_2.agents') };
  const tasks = { name: 'small_5.tasks', buffer: fixture('tasks/small_5.tasks') };

  // The problem alone: the files it names are asked for, nothing is stored.
  await chooseFiles([problem]);
  const alert = page.getByRole('alert').filter({ hasText: 'Could not import the problem' });
  await expect(alert.getByRole('listitem')).toHaveText([
    'small-example_2.json names maps/small.map: choose small.map with it',
    'small-example_2.json names agents/small_2.agents: choose small_2.agents with it',
    'small-example_2.json names tasks/small_5.tasks: choose small_5.tasks with it',
  ]);
  expect(await apiAs<unknown[]>(page, 'GET', '/environments')).toEqual([]);

  await chooseFiles([problem, map, agents, tasks]);
  await expect(page).toHaveURL(/\/scenarios\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'small-example_2' })).toBeVisible();
  // The scenario says which tasks were left out, and why.
  await expect(
    page.getByText(
      "3 orders from the problem's tasks; 2 tasks not carried: task 2, a single errand: no pickup and dropoff; task 3, its first errand (cell 40) has no shelf beside it to pick from",
    ),
  ).toBeVisible();
  const scenarioId = Number(page.url().split('/').pop());
  const stored = await apiAs<{ details: { tasks: [string, string][] } }[]>(
    page,
    'GET',
    `/tasks?scenario_id=${scenarioId}`,
  );
  expect(stored.map((task) => task.details.tasks)).toEqual([
    [
      ['P13', 'D1'],
      ['P10', 'D2'],
      ['P12', 'D1'],
    ],
  ]);
  const [environment] = await apiAs<{ dimensions: unknown; elements: { robot_stations: unknown[] } }[]>(
    page,
    'GET',
    '/environments',
  );
  expect(environment?.dimensions).toEqual({ width: 8, height: 6 });
  expect(environment?.elements.robot_stations).toHaveLength(2);
});
