import { activitySteps, type ExecutionRecord } from '@fleetlab/warehouse';
import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { createScenarioWithTaskViaApi, TEN_SMALL_WAREHOUSE_ORDERS } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import { finishedSolve, floorLines } from '../support/results-page.ts';

type DisruptedSolve = { status: string; execution: ExecutionRecord };

/** Seconds of a figure as the results page writes it: `16.3 s`, `1 min 33 s` or `1 h 2 min`. */
function secondsOf(text: string): number {
  let seconds = 0;
  for (const [, value, unit] of text.matchAll(/([\d.,]+)\s*(h|min|s)\b/g))
    seconds += Number(value.replace(/,/g, '')) * (unit === 'h' ? 3600 : unit === 'min' ? 60 : 1);
  return seconds;
}

test('a planner runs drive units with delays and breakdowns, and the time they stood adds up on every card', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndLogIn(page, 'disrupted');
  const { scenarioId } = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Stops floor', scenario: 'Stops', task: 'Ten orders' },
    TEN_SMALL_WAREHOUSE_ORDERS,
  );

  // The form starts with the drive unit; the stops are set under the advanced settings.
  await page.goto('/solves/create');
  await page.getByLabel('Scenario', { exact: true }).selectOption(String(scenarioId));
  await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Ten orders (10 deliveries)' });
  await page.getByLabel('Algorithm').selectOption('greedy_distance');
  await page.getByRole('button', { name: 'Show Advanced Settings' }).click();
  await expect(page.getByLabel('Robot Model')).toHaveValue('drive-unit');
  await page.getByLabel('Delays per Robot-hour').fill('60');
  await page.getByLabel('Delay Length (s)').fill('20');
  await page.getByLabel('Hours between Breakdowns').fill('0.05');
  await page.getByLabel('Repair Time (min)').fill('1');
  await page.getByRole('button', { name: 'Start Optimization' }).click();
  await expect(page).toHaveURL(/\/solves\/\d+$/);
  const solveId = Number(page.url().split('/').pop());
  const solve = await finishedSolve<DisruptedSolve>(page, solveId);
  expect(solve.status).toBe('completed');
  const { totals } = solve.execution;
  const lost = (totals.delays?.lost_s ?? 0) + (totals.breakdowns?.lost_s ?? 0);
  expect(lost).toBeGreaterThan(0);
  // The record's activities call exactly the stops' time stopped.
  const stoppedS = Object.values(solve.execution.robots).reduce(
    (sum, robot) => sum + activitySteps(robot.activities ?? [], totals.steps).stopped * solve.execution.step_s,
    0,
  );
  expect(stoppedS).toBeCloseTo(lost, 1);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible();
  const lines = await floorLines(page);
  const line = (label: string) => lines.find(([name]) => name === label);
  expect(line('Without them')?.[2]).toMatch(/^The same plan, same seed, without delays and breakdowns: they cost \+/);
  // Where the time goes: the stopped row is the Delays and Breakdowns cards together, and waiting
  // in traffic is the Traffic delay card (a stop is no traffic delay).
  const section = page.getByRole('region', { name: 'Where the time goes' });
  const row = async (label: string) =>
    (
      await section
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .locator('td')
        .first()
        .innerText()
    ).trim();
  const cards = secondsOf(line('Delays')?.[1] ?? '0 s') + secondsOf(line('Breakdowns')?.[1] ?? '0 s');
  expect(Math.abs(secondsOf(await row('Stopped: delays and breakdowns')) - cards)).toBeLessThanOrEqual(1);
  expect(
    Math.abs(secondsOf(await row('Waiting in traffic')) - secondsOf(line('Traffic delay')?.[1] ?? '')),
  ).toBeLessThanOrEqual(0.1);
  await section.screenshot({ path: screenshotPath('disruptions-time') });
});
