import { highestSustainedRate, robotModelPresetByName, type ShiftSweepCandidate } from '@fleetlab/warehouse';
import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createScenarioWithTaskViaApi } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import { clockText, playerOf } from '../support/player.ts';
import { expectFiguresInsideTheirCards, finishedSolve, summaryFigure } from '../support/results-page.ts';

type ShiftSolve = {
  status: string;
  stats: {
    shift: {
      hours: number;
      released: number;
      delivered: number;
      backlog_end: number;
      throughput_per_h: number;
      by_hour: { delivered: number }[];
    };
  };
  execution: { orders: { release_s: number; pickup_s?: number; done_s?: number }[] };
};

const SHIFT_HOURS = 6;
const HOUR_S = 3600;

test('a planner runs a 6 h shift in the browser, reads its KPIs and jumps the player to hour 5', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAndLogIn(page, 'shift');
  // The 20 x 20 floor with 4 robots: 40 orders an hour drawn from six pairs, a shift that runs in about a second.
  const { scenarioId } = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Shift floor', scenario: 'Day shift', task: 'Order mix' },
    [
      ['P7', 'D1'],
      ['P10', 'D2'],
      ['P17', 'D1'],
      ['P20', 'D2'],
      ['P25', 'D1'],
      ['P29', 'D2'],
    ],
  );

  await page.goto('/solves/create');
  await page.getByLabel('Scenario', { exact: true }).selectOption(String(scenarioId));
  await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Order mix (6 deliveries)' });
  await page.getByLabel('Algorithm').selectOption('greedy_distance');
  // The journey's figures are of point robots; the form starts with the drive unit (shifts run with any model).
  await page.getByRole('button', { name: 'Show Advanced Settings' }).click();
  await page.getByLabel('Robot Model').selectOption('point');
  const shift = page.getByRole('group', { name: 'Shift' });
  await shift.getByLabel('Run as a shift').check();
  await shift.getByLabel('Shift Length (h)').fill(String(SHIFT_HOURS));
  // A rate out of range is named on the form, and nothing is sent.
  await shift.getByLabel('Orders per Hour').fill('0');
  await page.getByRole('button', { name: 'Start Optimization' }).click();
  await expect(shift.getByText('Orders per Hour must be a number from 1 to 20,000')).toBeVisible();
  await expect(page).toHaveURL(/\/solves\/create$/);
  await shift.getByLabel('Orders per Hour').fill('40');
  await shift.getByLabel('Dispatch').selectOption('reoptimise');
  await shift.screenshot({ path: screenshotPath('shift-solve-form') });
  await page.getByRole('button', { name: 'Start Optimization' }).click();
  await expect(page).toHaveURL(/\/solves\/\d+$/);
  const solveId = Number(page.url().split('/').pop());
  const solve = await finishedSolve<ShiftSolve>(page, solveId, 60_000);
  expect(solve.status).toBe('completed');
  const figures = solve.stats.shift;

  // The KPIs read what the API returns, and agree with each other.
  const results = page.getByRole('region', { name: 'Shift Results' });
  await expect(results).toBeVisible({ timeout: 30_000 });
  const grouped = (value: number) => value.toLocaleString('en-US');
  expect(await summaryFigure(page, 'Orders Released', 'Shift Results')).toBe(grouped(figures.released));
  expect(await summaryFigure(page, 'Orders Delivered', 'Shift Results')).toBe(grouped(figures.delivered));
  expect(figures.delivered + figures.backlog_end).toBe(figures.released);
  await expect(
    results.getByText(
      `${grouped(figures.delivered)} + ${grouped(figures.backlog_end)} open at the end = ${grouped(figures.released)} released.`,
    ),
  ).toBeVisible();
  const afterWarmUp = figures.by_hour.slice(1).reduce((sum, hour) => sum + hour.delivered, 0);
  expect(afterWarmUp / (SHIFT_HOURS - 1)).toBeCloseTo(figures.throughput_per_h, 2);
  expect(await summaryFigure(page, 'Throughput', 'Shift Results')).toBe(
    `${figures.throughput_per_h.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / h`,
  );
  // A shift has no plan made in advance: no lower bound, no plan against execution.
  await expect(page.getByRole('region', { name: 'Results Summary' })).toHaveCount(0);
  await expect(page.getByText('The plan on the shared floor')).toHaveCount(0);
  await expectFiguresInsideTheirCards(results);
  await expect(page.getByRole('table', { name: 'Orders by hour' }).getByRole('row')).toHaveCount(SHIFT_HOURS + 2);
  await page.screenshot({ path: screenshotPath('shift-results'), fullPage: true });

  // The player replays the shift itself: no plan to switch to, the whole shift on its slider, and
  // a jump to hour 5 moves the clock, the robots and the orders there.
  const { player, clock } = playerOf(page);
  await expect(player.getByRole('group', { name: 'Replay' })).toHaveCount(0);
  await expect(clock).toHaveText(`${clockText(0)} / ${clockText(SHIFT_HOURS * HOUR_S)}`);
  await player.getByRole('group', { name: 'Jump to' }).getByRole('button', { name: '5 h', exact: true }).click();
  await expect(clock).toHaveText(`${clockText(5 * HOUR_S)} / ${clockText(SHIFT_HOURS * HOUR_S)}`);
  await expect(player.getByTestId('replay-time')).toHaveText('5 h 0 min 0 s of 6 h 0 min 0 s');
  const at = 5 * HOUR_S;
  const released = solve.execution.orders.filter((order) => order.release_s <= at).length;
  const delivered = solve.execution.orders.filter((order) => order.done_s !== undefined && order.done_s <= at).length;
  const orders = player.getByTestId('shift-orders');
  await expect(orders).toHaveAttribute('data-released', String(released));
  await expect(orders).toHaveAttribute('data-delivered', String(delivered));
  await player.screenshot({ path: screenshotPath('shift-player-hour-5') });
});

test('a planner runs a 1 h shift with the drive unit the form starts with, and reads the same figures on the page as in the replay', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAndLogIn(page, 'shiftmodel');
  const { scenarioId } = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Model shift floor', scenario: 'Drive unit hour', task: 'Order mix' },
    [
      ['P7', 'D1'],
      ['P10', 'D2'],
      ['P25', 'D1'],
      ['P29', 'D2'],
    ],
  );
  await page.goto('/solves/create');
  await page.getByLabel('Scenario', { exact: true }).selectOption(String(scenarioId));
  await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Order mix (4 deliveries)' });
  await page.getByLabel('Algorithm').selectOption('greedy_distance');
  const shift = page.getByRole('group', { name: 'Shift' });
  await shift.getByLabel('Run as a shift').check();
  await shift.getByLabel('Shift Length (h)').fill('1');
  await shift.getByLabel('Orders per Hour').fill('60');
  await page.getByRole('button', { name: 'Start Optimization' }).click();
  await expect(page).toHaveURL(/\/solves\/\d+$/);
  const solveId = Number(page.url().split('/').pop());
  const solve = await finishedSolve<ShiftSolve & { stats: { robot_model: string } }>(page, solveId, 120_000);
  expect(solve.status).toBe('completed');
  // The shift ran with the form's model, on the robots' real motion.
  expect(solve.stats.robot_model).toBe('drive-unit');
  const robotModel = page.locator('dt', { hasText: /^Robot Model$/ }).locator('xpath=following-sibling::dd');
  await expect(robotModel).toHaveText(robotModelPresetByName('drive-unit')?.label ?? '');
  const figures = solve.stats.shift;
  const results = page.getByRole('region', { name: 'Shift Results' });
  await expect(results).toBeVisible({ timeout: 30_000 });
  const grouped = (value: number) => value.toLocaleString('en-US');
  expect(await summaryFigure(page, 'Orders Delivered', 'Shift Results')).toBe(grouped(figures.delivered));
  await expect(
    results.getByText(
      `${grouped(figures.delivered)} + ${grouped(figures.backlog_end)} open at the end = ${grouped(figures.released)} released.`,
    ),
  ).toBeVisible();
  // What the page counts is what the record holds: orders done by the shift's end.
  const doneByEnd = solve.execution.orders.filter((order) => order.done_s !== undefined && order.done_s <= HOUR_S);
  expect(doneByEnd.length).toBe(figures.delivered);
  await expectFiguresInsideTheirCards(results);
  // Where the time goes counts the shift's hour, as the utilisation does, though the robots work
  // on past its end to finish the moves dispatched by then: its idle share is the rest.
  const idleRow = page
    .getByRole('table', { name: 'Robot time by activity' })
    .getByRole('row')
    .filter({ hasText: /^Idle/ });
  const idleShare = Number((await idleRow.locator('td').last().textContent())?.replace('%', ''));
  const utilisation = Number((await summaryFigure(page, 'Utilisation', 'Shift Results')).replace('%', ''));
  expect(Math.abs(idleShare + utilisation - 100)).toBeLessThanOrEqual(0.1 + 1e-9);
  await expect(page.getByText(/^Every robot's time over the shift of 1 h 0 min 0 s,/)).toBeVisible();
  // The replay at the shift's end shows the same count delivered.
  const { player } = playerOf(page);
  await player.getByRole('group', { name: 'Jump to' }).getByRole('button', { name: '1 h', exact: true }).click();
  await expect(player.getByTestId('shift-orders')).toHaveAttribute('data-delivered', String(figures.delivered));
  await page.screenshot({ path: screenshotPath('shift-drive-unit-results'), fullPage: true });
});

type RateSweep = {
  status: string;
  rates: number[];
  points: { orders_per_hour: number | null; status: string; stats: { shift: ShiftSweepCandidate['shift'] } | null }[];
};

test('a planner sweeps the order rate of 1 h shifts and reads the highest rate the fleet sustains', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAndLogIn(page, 'ratesweep');
  const { scenarioId } = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Rate floor', scenario: 'Peak hour', task: 'Order mix' },
    [
      ['P7', 'D1'],
      ['P10', 'D2'],
      ['P25', 'D1'],
      ['P29', 'D2'],
    ],
  );

  await page.goto('/experiments/create');
  await page.getByLabel('Name').fill('Which rate?');
  await page.getByLabel('Scenario', { exact: true }).selectOption(String(scenarioId));
  await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Order mix' });
  await page.getByLabel('Kind').selectOption('rate_sweep');
  await page.getByLabel('Algorithm').selectOption('greedy_distance');
  await page.getByLabel('Rates (orders/h)').fill('20, 200, 2000');
  const shift = page.getByRole('group', { name: 'Shift' });
  await expect(shift.getByLabel('Run as a shift')).toBeChecked();
  await shift.getByLabel('Shift Length (h)').fill('1');
  await shift.getByLabel('Dispatch').selectOption('nearest_idle');
  await page.getByRole('button', { name: 'Start Experiment' }).click();
  await expect(page).toHaveURL(/\/experiments\/\d+$/);
  const experimentId = Number(page.url().split('/').pop());
  await expect
    .poll(async () => (await apiAs<RateSweep>(page, 'GET', `/experiments/${experimentId}`)).status, { timeout: 90_000 })
    .toBe('completed');
  const sweep = await apiAs<RateSweep>(page, 'GET', `/experiments/${experimentId}`);
  expect(sweep.rates).toEqual([20, 200, 2000]);

  // The answer is the warehouse's reading of the stored points, and the table shows every point's trend.
  const finding = highestSustainedRate(
    sweep.points.map((point) => ({ setting: point.orders_per_hour ?? 0, shift: point.stats?.shift })),
  );
  expect(finding.status).not.toBe('no_points');
  const expected =
    finding.status === 'found'
      ? `Highest sustained rate: ${finding.point.setting.toLocaleString('en-US')} orders/h.`
      : finding.status === 'all_met'
        ? 'Every rate tested held: test higher rates.'
        : 'No rate tested held';
  await expect(page.getByTestId('shift-finding')).toContainText(expected, { timeout: 15_000 });
  const table = page.getByRole('table', { name: 'Shift results by point' });
  await expect(table.getByRole('rowheader')).toHaveText([/^20/, /^200/, /^2,000/]);
  const trends = sweep.points
    .sort((a, b) => (a.orders_per_hour ?? 0) - (b.orders_per_hour ?? 0))
    .map((point) => (point.stats?.shift?.backlog_trend === 'growing' ? 'Growing' : 'Stable'));
  await expect(table.locator('tbody tr td:nth-of-type(8)')).toHaveText(trends);
  await expect(page.getByRole('figure', { name: 'Throughput and P95 cycle time by orders per hour' })).toBeVisible();
  // Every column in view at 1280 px: the table's frame does not scroll sideways.
  expect(
    await table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth),
  ).toBe(true);
  await page.screenshot({ path: screenshotPath('experiment-rate-sweep'), fullPage: true });
});
