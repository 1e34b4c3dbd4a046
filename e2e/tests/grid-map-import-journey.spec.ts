import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { editorStatus, layoutCountsText } from '../support/grid-editor.ts';
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
