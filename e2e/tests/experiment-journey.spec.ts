import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createEnvironmentViaApi } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';

type ExperimentRecord = {
  status: string;
  points: { robot_count: number; status: string; stats: { makespan_s: number } | null }[];
};

test('a planner sweeps the fleet size and reads the knee from the results table', async ({ page }) => {
  await signUpAndLogIn(page, 'sweeper');
  const environment = await createEnvironmentViaApi(page, 'Sweep floor');
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Fleet sizing',
    environment_id: environment.id,
    parameters: {},
  });
  const pairs = [
    ['P7', 'D1'], ['P10', 'D2'], ['P17', 'D1'], ['P20', 'D2'], ['P25', 'D1'], ['P29', 'D2'],
    ['P31', 'D1'], ['P35', 'D2'], ['P38', 'D1'], ['P42', 'D2'], ['P45', 'D1'], ['P47', 'D2'],
  ];
  await apiAs(page, 'POST', '/tasks/batch', [
    { name: 'Twelve orders', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: pairs } },
  ]);

  await page.getByRole('link', { name: 'Experiments' }).first().click();
  await expect(page).toHaveURL(/\/experiments$/);
  await page.goto('/experiments/create');
  await page.getByLabel('Name').fill('How many robots?');
  await page.getByLabel('Scenario', { exact: true }).selectOption(String(scenario.id));
  await page.getByLabel('Task', { exact: true }).selectOption({ index: 1 });
  await expect(page.getByLabel('Task')).toContainText('Twelve orders');
  await page.getByLabel('Kind').selectOption('fleet_sweep');
  await page.getByLabel('Algorithm').selectOption('marginal_benefit');
  await page.getByLabel('Robot Counts').fill('1..4');
  await page.getByRole('button', { name: 'Start Experiment' }).click();
  await expect(page).toHaveURL(/\/experiments\/\d+$/);
  const experimentId = Number(page.url().split('/').pop());

  const table = page.getByRole('table', { name: 'Sweep results' });
  await expect(table.getByRole('row')).toHaveCount(5, { timeout: 30_000 });
  await expect.poll(async () => (await apiAs<ExperimentRecord>(page, 'GET', `/experiments/${experimentId}`)).status, { timeout: 60_000 }).toBe('completed');
  await expect(table.getByText(/^(Running|Pending)$/)).toHaveCount(0, { timeout: 10_000 });
  await expect(table.getByText('Knee')).toBeVisible();
  await page.screenshot({ path: screenshotPath('experiment-sweep'), fullPage: true });

  // The table agrees with the stored points: one row per robot count, and the knee is the
  // smallest fleet within 5% (the default tolerance) of the best makespan.
  const experiment = await apiAs<ExperimentRecord>(page, 'GET', `/experiments/${experimentId}`);
  const makespans = experiment.points.map((point) => [point.robot_count, point.stats?.makespan_s ?? Infinity] as const);
  expect(makespans.map(([count]) => count)).toEqual([1, 2, 3, 4]);
  const best = Math.min(...makespans.map(([, makespan]) => makespan));
  const kneeCount = makespans.find(([, makespan]) => makespan <= best * 1.05)?.[0];
  const kneeRow = table.locator('tr[data-knee]');
  await expect(kneeRow.getByRole('rowheader')).toHaveText(new RegExp(`^${kneeCount}(?!\\d)`));
  const rowHeaders = await table.getByRole('rowheader').allInnerTexts();
  expect(rowHeaders.map((text) => Number.parseInt(text, 10))).toEqual([1, 2, 3, 4]);
  await expect(page.getByRole('figure', { name: 'Makespan and deliveries per hour by robot count' })).toBeVisible();
});
