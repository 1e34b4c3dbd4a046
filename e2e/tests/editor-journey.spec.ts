import { readFileSync } from 'node:fs';
import { generateWarehouseInstance } from '@fleetlab/warehouse';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import {
  clickCell,
  clickGridPoint,
  countsLine,
  dragBetweenCells,
  editorCanvas,
  editorGeometry,
  editorStatus,
  layoutCountsText,
  pressAndDragBetweenCells,
  readLayoutCounts,
} from '../support/grid-editor.ts';

type Point = [number, number];
interface StoredEnvironment {
  id: number;
  name: string;
  description: string | null;
  dimensions: { width: number; height: number };
  elements: {
    shelves: { id: string; position: Point; size: Point }[];
    dropoffs: { id: string; position: Point }[];
    robot_stations: { id: string; position: Point; robot_count: number }[];
    pickups: { id: string; position: Point; shelf_id: string; side: string }[];
    robots: { id: string; station_id: string; position: Point; station_index: number }[];
    navigation_points: { id: string; position: Point }[];
  };
  graph: {
    nodes: { id: string; type: string; x: number; y: number }[];
    edges: { from: string; to: string; weight: number }[];
  };
}

const DIMENSIONS = { width: 12, height: 10 };
// The small warehouse drawn below: one 4x2 shelf from cell (2, 2) to cell (5, 3), a dropoff in
// cell (9, 7) and a two-robot station in cell (0, 9).
const SHELF_FROM = { x: 2, y: 2 };
const SHELF_TO = { x: 5, y: 3 };
const DROPOFF_CELL = { x: 9, y: 7 };
const STATION_CELL = { x: 0, y: 9 };
// A 4x2 shelf has 4 + 2 + 4 + 2 pickup candidates, all inside the grid, ids P1..P12 walking
// clockwise from the top-left; its four corner navigation points all lie inside the grid too.
const PICKUP_IDS = Array.from({ length: 12 }, (_, index) => `P${index + 1}`);
const NAVIGATION_IDS = ['N1', 'N2', 'N3', 'N4'];
const DRAWN = { shelves: 1, dropoffs: 1, robotStations: 1, robots: 2, pickupCandidates: 12, navigationPoints: 4 };

async function elementCount(page: Page, label: string): Promise<string> {
  const counts = page.getByLabel('Element counts');
  return (
    await counts
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]')
      .innerText()
  ).trim();
}

test('a planner draws a small warehouse with the mouse, saves it and sees it stored as drawn', async ({ page }) => {
  await signUpAndLogIn(page, 'layout');
  await page.getByRole('link', { name: 'Environments' }).first().click();
  await page.getByRole('link', { name: 'Grid Editor' }).click();
  await expect(page).toHaveURL(/\/environments\/grid-editor$/);

  await page.getByLabel('Name').fill('Small test floor');
  await page.getByLabel('Description').fill('One rack, one dock, one charger');
  await page.getByLabel('Width').fill(String(DIMENSIONS.width));
  await page.getByLabel('Height').fill(String(DIMENSIONS.height));
  await page.getByLabel('Robots per station').fill('2');
  await page.getByLabel('Robots per station').blur();
  await expect(editorStatus(page)).toHaveText(`Grid ${DIMENSIONS.width} x ${DIMENSIONS.height}`);

  const canvas = editorCanvas(page);

  // Add Shelf is the starting tool; the button states it.
  await page.getByRole('button', { name: 'Add Shelf' }).click();
  await expect(page.getByRole('button', { name: 'Add Shelf' })).toHaveAttribute('aria-pressed', 'true');
  await expect(canvas).toHaveAttribute('data-tool', 'shelf');
  await pressAndDragBetweenCells(page, DIMENSIONS, SHELF_FROM, SHELF_TO);
  await expect(canvas, 'a free area previews blue (valid)').toHaveAttribute('data-preview', 'valid');
  await page.mouse.up();
  await expect(editorStatus(page)).toHaveText('Added shelf S1 (4x2)');
  await expect(canvas).toHaveAttribute('data-preview', 'none');
  await expect(layoutCountsText(page)).toHaveText(
    countsLine({ ...DRAWN, dropoffs: 0, robotStations: 0, robots: 0, selectedPickups: 0 }),
  );

  // A shelf over S1 previews red while dragged and is refused on release.
  await pressAndDragBetweenCells(page, DIMENSIONS, { x: 4, y: 3 }, { x: 7, y: 5 });
  await expect(canvas, 'an overlapping area previews red (invalid)').toHaveAttribute('data-preview', 'invalid');
  await expect(editorStatus(page)).toHaveText('Shelf overlaps shelf S1');
  await page.mouse.up();
  await expect(editorStatus(page)).toHaveText('Shelf overlaps shelf S1');
  expect((await readLayoutCounts(page)).shelves, 'the refused shelf was not added').toBe(1);

  await page.getByRole('button', { name: 'Add Dropoff' }).click();
  await clickCell(page, DIMENSIONS, DROPOFF_CELL);
  await expect(editorStatus(page)).toHaveText('Added dropoff D1');

  // Keyboard shortcut R picks the station tool (focus is on a button, not a text field).
  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: 'Add Robot Station' })).toHaveAttribute('aria-pressed', 'true');
  await clickCell(page, DIMENSIONS, STATION_CELL);
  await expect(editorStatus(page)).toHaveText('Added robot station R1 with 2 robots');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 0 }));

  // A dropoff on the shelf is refused.
  await page.getByRole('button', { name: 'Add Dropoff' }).click();
  await clickCell(page, DIMENSIONS, { x: 3, y: 2 });
  await expect(editorStatus(page)).toHaveText('Cannot place on shelf S1');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 0 }));

  // An erase drag around the dropoff removes only it; undo brings it back.
  await page.getByRole('button', { name: 'Erase' }).click();
  await pressAndDragBetweenCells(page, DIMENSIONS, { x: 8, y: 6 }, { x: 10, y: 8 });
  await expect(canvas).toHaveAttribute('data-preview', 'erase');
  await page.mouse.up();
  await expect(editorStatus(page)).toHaveText('Erased 1 element');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, dropoffs: 0, selectedPickups: 0 }));
  await page.keyboard.press('Control+z');
  await expect(editorStatus(page)).toHaveText('Undone');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 0 }));

  // One pickup by clicking its spot on the top side of the shelf, at grid point (2.5, 2).
  await page.getByRole('button', { name: 'Select Pickups' }).click();
  await clickGridPoint(page, DIMENSIONS, 2.5, 2);
  await expect(editorStatus(page)).toHaveText('Selected pickup P1');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 1 }));

  await page.getByRole('button', { name: 'Select all pickups' }).click();
  await expect(editorStatus(page)).toHaveText('Selected all 12 pickup points');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 12 }));
  await expect(page.getByRole('button', { name: 'Select all pickups' })).toBeDisabled();

  // Undo twice, redo twice, from the keyboard.
  await page.keyboard.press('Control+z');
  await expect(editorStatus(page)).toHaveText('Undone');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 1 }));
  await page.keyboard.press('Control+z');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 0 }));
  await page.keyboard.press('Control+Shift+Z');
  await expect(editorStatus(page)).toHaveText('Redone');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 1 }));
  await page.keyboard.press('Control+Shift+Z');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 12 }));
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();

  // The graph: 12 pickups + 1 dropoff + 4 navigation points + 2 robots + 1 station = 20 nodes.
  await page.getByRole('button', { name: 'Show Graph' }).click();
  await expect(page.getByRole('button', { name: 'Hide Graph' })).toBeVisible();
  await expect(layoutCountsText(page)).toContainText(' · Graph: 20 nodes, ');
  const shownGraph = (await readLayoutCounts(page)).graph;
  expect(shownGraph?.edges).toBeGreaterThan(0);
  // A full-page capture of a scrolled page draws the fixed sidebar mid-page; start from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath('grid-editor'), fullPage: true });
  await page.getByRole('button', { name: 'Hide Graph' }).click();
  await expect(page.getByRole('button', { name: 'Show Graph' })).toBeVisible();
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 12 }));

  // Export the layout before saving; the file is the POST body plus a format marker.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('small-test-floor.json');
  const exportedText = readFileSync(await download.path(), 'utf8');
  const exported = JSON.parse(exportedText) as StoredEnvironment & { format: string; version: number };
  expect(exported.format).toBe('fleetlab-environment');
  expect(exported.version).toBe(1);
  expect(exported.name).toBe('Small test floor');
  expect(exported.dimensions).toEqual(DIMENSIONS);
  expect(exported.elements.shelves).toEqual([{ id: 'S1', position: [2, 2], size: [4, 2] }]);
  expect(exported.elements.pickups.map((pickup) => pickup.id)).toEqual(PICKUP_IDS);

  await page.getByRole('button', { name: 'Create Environment' }).click();
  await expect(page).toHaveURL(/\/environments\/\d+$/);
  const environmentId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: 'Small test floor' })).toBeVisible();
  await expect(page.getByText(`Dimensions: ${DIMENSIONS.width} x ${DIMENSIONS.height}`)).toBeVisible();
  await expect(page.getByText('One rack, one dock, one charger')).toBeVisible();
  expect(await elementCount(page, 'Shelves')).toBe('1');
  expect(await elementCount(page, 'Pickup Points')).toBe('12');
  expect(await elementCount(page, 'Dropoff Points')).toBe('1');
  expect(await elementCount(page, 'Robot Stations')).toBe('1');
  expect(await elementCount(page, 'Robots')).toBe('2');
  await expect(page.getByLabel('Map of Small test floor')).toBeVisible();
  await page.getByRole('button', { name: 'Show Graph' }).click();
  await expect(page.getByRole('button', { name: 'Hide Graph' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('environment-detail'), fullPage: true });

  // The stored record is exactly what was drawn, with a graph over every selected pickup.
  const stored = await apiAs<StoredEnvironment>(page, 'GET', `/environments/${environmentId}`);
  expect(stored.name).toBe('Small test floor');
  expect(stored.dimensions).toEqual(DIMENSIONS);
  expect(stored.elements.shelves).toEqual([{ id: 'S1', position: [2, 2], size: [4, 2] }]);
  expect(stored.elements.dropoffs).toEqual([{ id: 'D1', position: [9.5, 7.5] }]);
  expect(stored.elements.robot_stations).toEqual([{ id: 'R1', position: [0.5, 9.5], robot_count: 2 }]);
  expect(stored.elements.robots.map((robot) => [robot.id, robot.position])).toEqual([
    ['R1_1', [0.5, 9.5]],
    ['R1_2', [0.5, 9.5]],
  ]);
  expect(stored.elements.pickups.map((pickup) => pickup.id)).toEqual(PICKUP_IDS);
  expect(stored.elements.pickups[0]).toEqual({ id: 'P1', position: [2.5, 2], shelf_id: 'S1', side: 'top' });
  expect(stored.elements.navigation_points.map((point) => [point.id, point.position])).toEqual([
    ['N1', [1.5, 1.5]],
    ['N2', [6.5, 1.5]],
    ['N3', [6.5, 4.5]],
    ['N4', [1.5, 4.5]],
  ]);
  expect(stored.graph.nodes.map((node) => node.id).sort()).toEqual(
    [...PICKUP_IDS, 'D1', ...NAVIGATION_IDS, 'R1_1', 'R1_2', 'R1'].sort(),
  );
  expect(stored.graph.edges.length / 2, 'the saved graph is the one the editor showed').toBe(shownGraph?.edges);
  const edgeKeys = new Set(stored.graph.edges.map((edge) => `${edge.from}>${edge.to}`));
  for (const edge of stored.graph.edges)
    expect(edgeKeys.has(`${edge.to}>${edge.from}`), `${edge.from}-${edge.to} in both directions`).toBe(true);
  // Pickups of one shelf are never joined directly (spec §5).
  expect(stored.graph.edges.filter((edge) => edge.from.startsWith('P') && edge.to.startsWith('P'))).toEqual([]);

  // The exported file re-imports into a fresh editor with the same layout.
  await page.goto('/environments/grid-editor');
  await expect(editorStatus(page)).toHaveText('Grid 20 x 20');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import JSON' }).click(),
  ]);
  await chooser.setFiles({
    name: 'small-test-floor.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exportedText),
  });
  await expect(editorStatus(page)).toHaveText('Imported the layout');
  await expect(layoutCountsText(page)).toHaveText(countsLine({ ...DRAWN, selectedPickups: 12 }));
  await expect(page.getByLabel('Name')).toHaveValue('Small test floor');
  await expect(page.getByLabel('Width')).toHaveValue('12');
  await expect(page.getByLabel('Height')).toHaveValue('10');
  await expect(page.getByLabel('Robots per station')).toHaveValue('2');
});

test('importing a broken or invalid layout file shows why and keeps the drawing', async ({ page }) => {
  await signUpAndLogIn(page, 'importer');
  await page.goto('/environments/grid-editor');
  await page.getByLabel('Width').fill(String(DIMENSIONS.width));
  await page.getByLabel('Height').fill(String(DIMENSIONS.height));
  await expect(editorStatus(page)).toHaveText(`Grid ${DIMENSIONS.width} x ${DIMENSIONS.height}`);
  await dragBetweenCells(page, DIMENSIONS, SHELF_FROM, SHELF_TO);
  await expect(editorStatus(page)).toHaveText('Added shelf S1 (4x2)');
  const drawnLine = countsLine({ ...DRAWN, dropoffs: 0, robotStations: 0, robots: 0, selectedPickups: 0 });
  await expect(layoutCountsText(page)).toHaveText(drawnLine);

  // Not JSON at all (a file cut short).
  let [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import JSON' }).click(),
  ]);
  await chooser.setFiles({
    name: 'broken-layout.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"name": "Cut short", "dimensions": {"width": 12,'),
  });
  const importAlert = page.getByRole('alert').filter({ hasText: 'Could not import' });
  await expect(importAlert).toContainText('Could not import broken-layout.json:');
  await expect(importAlert.getByRole('listitem')).toHaveCount(1);
  await expect(importAlert.getByRole('listitem')).toHaveText(/^The file is not valid JSON: /);
  await expect(layoutCountsText(page)).toHaveText(drawnLine);

  // Valid JSON whose second shelf overlaps the first: named by shelf, nothing imported.
  const overlapping = {
    format: 'fleetlab-environment',
    version: 1,
    name: 'Overlapping racks',
    description: '',
    dimensions: { width: 10, height: 8 },
    elements: {
      shelves: [
        { id: 'S1', position: [1, 1], size: [3, 2] },
        { id: 'S2', position: [2, 2], size: [2, 2] },
      ],
      dropoffs: [],
      robot_stations: [],
      pickups: [],
      robots: [],
      navigation_points: [],
    },
    graph: { nodes: [], edges: [] },
  };
  [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Import JSON' }).click(),
  ]);
  await chooser.setFiles({
    name: 'overlapping.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(overlapping)),
  });
  await expect(importAlert).toContainText('Could not import overlapping.json:');
  await expect(importAlert.getByRole('listitem')).toHaveText(['Shelf S2: Shelf overlaps shelf S1']);
  await expect(layoutCountsText(page)).toHaveText(drawnLine);
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('Width')).toHaveValue('12');
});

test('a 40 x 30 pick zone opens in the editor whole at 100%, its bottom row of dropoffs in view', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpAndLogIn(page, 'pickzone');
  // The simulator bench's hotspot floor: 40 x 30, its five dropoffs on the bottom row.
  const zone = generateWarehouseInstance({
    width: 40,
    height: 30,
    stations: 15,
    robotsPerStation: 10,
    orders: 10,
    dropoffs: 5,
    seed: 40,
    aisleWidth: 1,
  });
  const environment = await apiAs<{ id: number }>(page, 'POST', '/environments', {
    description: '',
    ...zone.environment,
    name: 'Pick zone',
  });
  await page.goto(`/environments/${environment.id}/edit`);
  await expect(editorStatus(page)).toHaveText('Grid 40 x 30');
  const canvas = editorCanvas(page);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  const geometry = await editorGeometry(page, { width: 40, height: 30 });
  // Cells of at least 25 px at 100%, and the grid's last row inside the canvas (it was cut at a 576 px area).
  expect(geometry.cellSize).toBeGreaterThanOrEqual(25);
  expect(geometry.originY + 30 * geometry.cellSize).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));
  const lowest = Math.max(...zone.environment.elements.dropoffs.map((dropoff) => dropoff.position[1]));
  expect(lowest).toBeGreaterThan(28);
  await page.screenshot({ path: screenshotPath('editor-pick-zone-whole'), fullPage: true });
});
