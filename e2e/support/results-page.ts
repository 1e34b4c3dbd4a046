import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs } from './api.ts';

/** A figure card of the Results Summary (or of 'Shift Results'), read as the planner reads it: the value under its label. */
export async function summaryFigure(page: Page, label: string, region = 'Results Summary'): Promise<string> {
  const summary = page.getByRole('region', { name: region });
  return (
    await summary
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]')
      .innerText()
  ).trim();
}

/** The lines of 'The plan on the shared floor': [label, value, what it is] each. */
export async function floorLines(page: Page): Promise<string[][]> {
  const lines = page.getByLabel('The plan on the shared floor').getByTestId('floor-line');
  return lines.evaluateAll((elements) =>
    elements.map((line) => [...line.children].map((cell) => (cell.textContent ?? '').trim())),
  );
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** True when no two boxes share any area: labels that run together fail it. */
export function disjoint(boxes: readonly Box[]): boolean {
  return boxes.every((a, i) =>
    boxes.every(
      (b, j) =>
        j <= i || a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
    ),
  );
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box as Box;
}

/** Polls the API until the solve has ended, and returns it. */
export async function finishedSolve<T extends { status: string }>(
  page: Page,
  solveId: number,
  timeout = 120_000,
): Promise<T> {
  await expect
    .poll(async () => (await apiAs<T>(page, 'GET', `/solves/${solveId}`)).status, { timeout })
    .toMatch(/^(completed|failed)$/);
  return apiAs<T>(page, 'GET', `/solves/${solveId}`);
}

/** Every figure card of a results region shows its value inside the card, on one line, nothing scrolled out of view. */
export async function expectFiguresInsideTheirCards(region: Locator): Promise<void> {
  const cards = region.getByTestId('summary-figure');
  expect(await cards.count()).toBeGreaterThanOrEqual(6);
  for (const card of await cards.all()) {
    const value = card.locator('dd').first();
    const [cardBox, valueBox] = [await boxOf(card), await boxOf(value)];
    expect(valueBox.x).toBeGreaterThanOrEqual(cardBox.x);
    expect(valueBox.x + valueBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    const fits = await value.evaluate((element) => {
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      return element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().height < lineHeight * 1.5;
    });
    expect(fits, `${await card.innerText()} fits its card on one line`).toBe(true);
  }
}
