import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

/**
 * The layouts of `fixtures/`, each with its graph:
 * - `small-warehouse`: 20x20, 3 shelves, 2 dropoffs, 2 stations with 2 robots each;
 * - `aisle-meeting`: 9x5, a one-cell aisle between two shelves, a station and a dropoff at each
 *   end, 1 robot per station; pickups P13 and P21 face each other across the aisle.
 */
export type FixtureLayout = 'small-warehouse' | 'aisle-meeting';

export function fixtureLayout(name: FixtureLayout): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(fixturesDir, `${name}.json`), 'utf8'));
}

/** Ten orders on the small warehouse, alternating its two dropoffs (2 stations, 4 robots). */
export const TEN_SMALL_WAREHOUSE_ORDERS: readonly (readonly [string, string])[] = [
  ['P7', 'D1'],
  ['P10', 'D2'],
  ['P11', 'D1'],
  ['P13', 'D2'],
  ['P16', 'D1'],
  ['P17', 'D2'],
  ['P18', 'D1'],
  ['P19', 'D2'],
  ['P20', 'D1'],
  ['P22', 'D2'],
];

/** Calls the API as the signed-in user of `page` (its token from local storage). */
export async function apiAs<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'the page holds a login token').toBeTruthy();
  const response = await page.request.fetch(`/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok(), `${method} ${url} -> ${response.status()} ${await response.text()}`).toBeTruthy();
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** A layout of `fixtures/` by name, or an environment's body (a generated floor's, say). */
export type LayoutSource = FixtureLayout | Readonly<Record<string, unknown>>;

export async function createEnvironmentViaApi(
  page: Page,
  name?: string,
  layout: LayoutSource = 'small-warehouse',
): Promise<{ id: number; name: string }> {
  const body = typeof layout === 'string' ? fixtureLayout(layout) : { description: '', ...layout };
  return apiAs(page, 'POST', '/environments', name ? { ...body, name } : body);
}

/** An environment of `layout`, a scenario on it and one task of `pairs`, as a planner would have them before solving. */
export async function createScenarioWithTaskViaApi(
  page: Page,
  names: { environment: string; scenario: string; task: string },
  pairs: readonly (readonly [string, string])[],
  layout: LayoutSource = 'small-warehouse',
): Promise<{ environmentId: number; scenarioId: number; taskId: number }> {
  const environment = await createEnvironmentViaApi(page, names.environment, layout);
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: names.scenario,
    environment_id: environment.id,
    parameters: {},
  });
  const [task] = await apiAs<{ id: number }[]>(page, 'POST', '/tasks/batch', [
    { name: names.task, task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: pairs } },
  ]);
  return { environmentId: environment.id, scenarioId: scenario.id, taskId: task.id };
}
