import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createScenarioWithTaskViaApi } from '../support/api.ts';
import { clickCell } from '../support/grid-editor.ts';

type EnvironmentRecord = {
  id: number;
  name: string;
  description: string | null;
  version: number;
  dimensions: unknown;
  elements: { dropoffs: { id: string }[] } & Record<string, unknown>;
  graph: unknown;
};

/** The small warehouse's 20 x 20 floor (e2e/fixtures/small-warehouse.json). */
const FLOOR = { width: 20, height: 20 };

/** Opens the solve's page and waits until it shows its results. */
async function openFinishedSolve(page: Page, id: number): Promise<void> {
  await page.goto(`/solves/${id}`);
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible({ timeout: 60_000 });
}

function solveInformation(page: Page) {
  return page.getByRole('region', { name: 'Solve information' });
}

test('a planner edits a saved layout into version 2, re-runs a solve on it while the first keeps version 1, copies the scenario to it, and exports and imports the environment unchanged', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'versions');
  const ids = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Versioned hall', scenario: 'Morning', task: 'Two orders' },
    [
      ['P7', 'D1'],
      ['P17', 'D2'],
    ],
  );
  const first = await apiAs<{ id: number }>(page, 'POST', '/solves', {
    name: 'Before the edit',
    environment_id: ids.environmentId,
    scenario_id: ids.scenarioId,
    task_id: ids.taskId,
    algorithm_id: 1,
    parameters: { time_limit: 5 },
  });
  await openFinishedSolve(page, first.id);
  await expect(solveInformation(page)).toContainText('LayoutLayout version 1');

  // Edit the saved layout: add a third dropoff on the bottom row, save as version 2.
  await page.goto(`/environments/${ids.environmentId}`);
  await expect(page.getByText('Layout version 1')).toBeVisible();
  await page.getByRole('link', { name: 'Edit Layout' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Versioned hall' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Dropoff' }).click();
  await clickCell(page, FLOOR, { x: 10, y: 19 });
  await expect(page.getByRole('status', { name: 'Editor status' })).toHaveText('Added dropoff D3');
  await page.getByRole('button', { name: 'Save as version 2' }).click();
  await expect(page).toHaveURL(new RegExp(`/environments/${ids.environmentId}$`));
  await expect(page.getByText('Layout version 2')).toBeVisible();
  const counts = page.getByLabel('Element counts');
  await expect(counts.getByText('Dropoff Points').locator('xpath=following-sibling::dd[1]')).toHaveText('3');

  // The first solve still shows version 1: its map is read from version 1, and it offers the newest.
  const versionOneRead = page.waitForResponse((response) =>
    response.url().endsWith(`/api/v1/environments/${ids.environmentId}/versions/1`),
  );
  await openFinishedSolve(page, first.id);
  const versionOne = (await (await versionOneRead).json()) as EnvironmentRecord;
  expect(versionOne.elements.dropoffs.map((dropoff) => dropoff.id)).toEqual(['D1', 'D2']);
  await expect(solveInformation(page)).toContainText('LayoutLayout version 1');
  await expect(
    page.getByText(
      'This solve was made on layout version 1, shown here. The layout has been edited since: version 2 is the newest.',
    ),
  ).toBeVisible();

  // Re-run on the newest in one click: a new solve on version 2, which has nothing newer to offer.
  await page.getByRole('button', { name: 'Re-run on version 2' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/solves/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Before the edit (layout version 2)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible({ timeout: 60_000 });
  await expect(solveInformation(page)).toContainText('LayoutLayout version 2');
  await expect(page.getByRole('button', { name: /Re-run on version/ })).toHaveCount(0);
  await openFinishedSolve(page, first.id);
  await expect(solveInformation(page)).toContainText('LayoutLayout version 1');

  // The scenario, made on version 1, is copied with its task to version 2 in one click.
  await page.goto(`/scenarios/${ids.scenarioId}`);
  await expect(
    page.getByText(
      'This scenario was made on layout version 1, shown here. The layout has been edited since: version 2 is the newest.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Copy to version 2' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Morning (layout version 2)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tasks' }).getByRole('table')).toContainText('Two orders');
  await expect(page.getByRole('button', { name: /Copy to version/ })).toHaveCount(0);
  const copyId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const copiedTasks = await apiAs<{ details: unknown }[]>(page, 'GET', `/tasks?scenario_id=${copyId}`);
  expect(copiedTasks.map((task) => task.details)).toEqual([
    {
      tasks: [
        ['P7', 'D1'],
        ['P17', 'D2'],
      ],
    },
  ]);

  // Export the environment as a file, and import the file back as a new environment.
  await page.goto(`/environments/${ids.environmentId}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const exported = await download;
  expect(exported.suggestedFilename()).toBe('versioned-hall.json');
  const filePath = await exported.path();
  const file = JSON.parse(readFileSync(filePath, 'utf8'));
  expect(file).toMatchObject({ format: 'fleetlab-environment', version: 1, name: 'Versioned hall' });

  await page.goto('/environments');
  await page.getByLabel('Import environment file').setInputFiles(filePath);
  await expect(page).not.toHaveURL(/\/environments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Versioned hall' })).toBeVisible();
  const importedId = Number(new URL(page.url()).pathname.split('/').at(-1));
  expect(importedId).not.toBe(ids.environmentId);
  const original = await apiAs<EnvironmentRecord>(page, 'GET', `/environments/${ids.environmentId}`);
  const imported = await apiAs<EnvironmentRecord>(page, 'GET', `/environments/${importedId}`);
  const layoutOf = ({ name, description, dimensions, elements, graph }: EnvironmentRecord) => ({
    name,
    description,
    dimensions,
    elements,
    graph,
  });
  expect(layoutOf(imported)).toEqual(layoutOf(original));
  expect(imported.version).toBe(1);
});
