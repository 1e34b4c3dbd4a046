import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createEnvironmentViaApi } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import { playerOf } from '../support/player.ts';

type ExecutedSolve = { id: number; status: string; execution: { totals: { waiting_s: number } } | null };
type SweepRecord = {
  status: string;
  points: { chargers: number | null; status: string; stats: { executed_makespan_s: number | null } | null }[];
};

test('a planner replays a solve with traffic, sees a robot wait in the aisle and the congestion heat map', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'traffic');
  // Two robots, one per end of a one-cell aisle; greedy gives each the pickup nearer to it, so
  // they cross in the aisle on their way to the far dropoffs.
  const environment = await createEnvironmentViaApi(page, 'Aisle meeting', 'aisle-meeting');
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Crossing',
    environment_id: environment.id,
    parameters: {},
  });
  await apiAs(page, 'POST', '/tasks/batch', [
    {
      name: 'Crossing orders',
      task_type: 'pickup_delivery',
      scenario_id: scenario.id,
      details: {
        tasks: [
          ['P13', 'D1'],
          ['P21', 'D2'],
        ],
      },
    },
  ]);

  await page.goto('/solves/create');
  await page.getByLabel('Scenario', { exact: true }).selectOption(String(scenario.id));
  await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Crossing orders (2 deliveries)' });
  await page.getByLabel('Algorithm').selectOption('greedy_distance');
  // Two point robots crossing in one cell-wide aisle, cell by cell; the form starts with the drive unit.
  await page.getByRole('button', { name: 'Show Advanced Settings' }).click();
  await page.getByLabel('Robot Model').selectOption('point');
  await page.getByRole('button', { name: 'Start Optimization' }).click();
  await expect(page).toHaveURL(/\/solves\/\d+$/);
  const solveId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: 'Path Simulation' })).toBeVisible({ timeout: 60_000 });
  const solve = await apiAs<ExecutedSolve>(page, 'GET', `/solves/${solveId}`);
  expect(solve.execution?.totals.waiting_s).toBeGreaterThan(0);

  // With traffic: play it through; its waiting then adds up to the execution's.
  await page.getByRole('group', { name: 'Replay' }).getByRole('button', { name: 'With traffic' }).click();
  const status = page.getByTestId('traffic-status');
  await expect(status).toHaveAttribute('data-waiting', '0');
  await page.getByRole('button', { name: 'Play' }).click();
  await page.getByRole('group', { name: 'Speed' }).getByRole('button', { name: '4x' }).click();
  // The replay stops itself once both robots are home.
  await expect(page.getByText('Simulation complete: every robot is done.')).toBeVisible({ timeout: 30_000 });
  const waitedSeconds = solve.execution!.totals.waiting_s.toFixed(1);
  await expect(status).toHaveAttribute('data-waited-seconds', waitedSeconds);
  await expect(status).toHaveAttribute('data-waiting', '0');

  // The wait in the aisle lasts a step or two, over before the eye catches it at play speed: the
  // planner scrubs back to the start and forward a second at a time until a robot waits.
  const { clock, slider } = playerOf(page);
  await slider.focus();
  await slider.press('Home');
  await expect(clock).toContainText(/^0:00\.0 \//);
  await expect(status).toHaveAttribute('data-waited-seconds', '0.0');
  let secondsIn = 0;
  let waiting = '0';
  // Robots blocked in traffic, or queued beside a pickup or dropoff another robot is at.
  const standing = async () =>
    Number((await status.getAttribute('data-waiting')) ?? '0') +
    Number((await status.getAttribute('data-dock-queued')) ?? '0');
  while (waiting === '0' && secondsIn < 120) {
    await slider.press('ArrowRight');
    secondsIn += 1;
    await expect(clock).toContainText(
      new RegExp(`^${Math.floor(secondsIn / 60)}:${String(secondsIn % 60).padStart(2, '0')}\\.0 /`),
    );
    waiting = String(await standing());
  }
  expect(Number(waiting)).toBeGreaterThan(0);
  await expect(status).toContainText(/Waiting now: [1-9]|Queued at a dock: [1-9]/);
  await page.screenshot({ path: screenshotPath('player-with-traffic'), fullPage: true });
  // At the end the waiting is all there again.
  await slider.press('End');
  await expect(status).toHaveAttribute('data-waited-seconds', waitedSeconds);

  // The congestion heat map, with its legend.
  const congestion = page.getByRole('region', { name: 'Congestion' });
  await congestion.getByRole('button', { name: 'Show Heat Map' }).click();
  const legend = congestion.getByRole('figure', { name: 'Heat map legend' });
  await expect(legend).toBeVisible();
  await expect(legend.getByRole('listitem')).toHaveCount(5);
  await expect(congestion.getByRole('list', { name: 'Most congested cells' }).getByRole('button').first()).toHaveText(
    /^(Cell \(\d+, \d+\)( beside dropoff \S+)?|(Station|Pickup|Dropoff) \S+ \(\d+, \d+\)): [\d.]+ s waiting$/,
  );
  await congestion.screenshot({ path: screenshotPath('congestion-heat-map') });
});

test('a planner sweeps chargers per station and reads the executed figures', async ({ page }) => {
  await signUpAndLogIn(page, 'chargers');
  const environment = await createEnvironmentViaApi(page, 'Charger floor');
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Charger sizing',
    environment_id: environment.id,
    parameters: {},
  });
  await apiAs(page, 'POST', '/tasks/batch', [
    {
      name: 'Six orders',
      task_type: 'pickup_delivery',
      scenario_id: scenario.id,
      details: {
        tasks: [
          ['P7', 'D1'],
          ['P10', 'D2'],
          ['P17', 'D1'],
          ['P20', 'D2'],
          ['P25', 'D1'],
          ['P29', 'D2'],
        ],
      },
    },
  ]);

  await page.goto('/experiments/create');
  await page.getByLabel('Name').fill('How many chargers?');
  await page.getByLabel('Scenario', { exact: true }).selectOption(String(scenario.id));
  await page.getByLabel('Task', { exact: true }).selectOption({ label: 'Six orders' });
  await page.getByLabel('Kind').selectOption('charger_sweep');
  await page.getByLabel('Algorithm').selectOption('greedy_distance');
  await page.getByLabel('Chargers per Station').fill('1..2');
  await page.getByRole('button', { name: 'Start Experiment' }).click();
  await expect(page).toHaveURL(/\/experiments\/\d+$/);
  const experimentId = Number(page.url().split('/').pop());

  await expect
    .poll(async () => (await apiAs<SweepRecord>(page, 'GET', `/experiments/${experimentId}`)).status, {
      timeout: 60_000,
    })
    .toBe('completed');
  const table = page.getByRole('table', { name: 'Sweep results' });
  await expect(table.getByText(/^(Running|Pending)$/)).toHaveCount(0, { timeout: 10_000 });
  await expect(table.getByRole('columnheader', { name: 'Chargers' })).toBeVisible();
  expect((await table.getByRole('rowheader').allInnerTexts()).map((text) => Number.parseInt(text, 10))).toEqual([1, 2]);

  // Every row carries the executed makespan its stored point holds.
  const experiment = await apiAs<SweepRecord>(page, 'GET', `/experiments/${experimentId}`);
  const points = [...experiment.points].sort((a, b) => (a.chargers ?? 0) - (b.chargers ?? 0));
  expect(points.map((point) => point.chargers)).toEqual([1, 2]);
  const executed = points.map((point) => point.stats?.executed_makespan_s);
  expect(executed.every((seconds) => typeof seconds === 'number')).toBe(true);
  // The page polls: the last point's figures may show a moment after the API has them.
  await expect(table.getByRole('row').locator('td:nth-of-type(2)')).toHaveText(
    executed.map((seconds) => seconds!.toFixed(1)),
  );
  await page.screenshot({ path: screenshotPath('experiment-charger-sweep'), fullPage: true });
});
