import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createEnvironmentViaApi } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import { boxOf, disjoint, finishedSolve } from '../support/results-page.ts';

type PointStats = { makespan_s: number; executed_makespan_s: number | null };
type ExperimentRecord = {
  status: string;
  points: { robot_count: number; status: string; parameters: Record<string, unknown>; stats: PointStats | null }[];
};

const TWELVE_ORDERS = [
  ['P7', 'D1'],
  ['P10', 'D2'],
  ['P17', 'D1'],
  ['P20', 'D2'],
  ['P25', 'D1'],
  ['P29', 'D2'],
  ['P31', 'D1'],
  ['P35', 'D2'],
  ['P38', 'D1'],
  ['P42', 'D2'],
  ['P45', 'D1'],
  ['P47', 'D2'],
];

async function floorWithTwelveOrders(page: Page, name: string) {
  const environment = await createEnvironmentViaApi(page, `${name} floor`);
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name,
    environment_id: environment.id,
    parameters: {},
  });
  const [task] = await apiAs<{ id: number }[]>(page, 'POST', '/tasks/batch', [
    {
      name: 'Twelve orders',
      task_type: 'pickup_delivery',
      scenario_id: scenario.id,
      details: { tasks: TWELVE_ORDERS },
    },
  ]);
  return { environment: environment.id, scenario: scenario.id, task: task.id };
}

async function completedExperiment(page: Page, experimentId: number): Promise<ExperimentRecord> {
  await expect
    .poll(async () => (await apiAs<ExperimentRecord>(page, 'GET', `/experiments/${experimentId}`)).status, {
      timeout: 90_000,
    })
    .toBe('completed');
  return apiAs<ExperimentRecord>(page, 'GET', `/experiments/${experimentId}`);
}

/** The makespan each point's knee is judged on: with traffic when the points were executed. */
function kneeCurve(experiment: ExperimentRecord): [number, number][] {
  const executed = experiment.points.some((point) => point.stats?.executed_makespan_s != null);
  return experiment.points.map((point) => [
    point.robot_count,
    (executed ? point.stats?.executed_makespan_s : point.stats?.makespan_s) ?? Infinity,
  ]);
}

test('a planner sweeps the fleet size and reads the knee, by the rule they choose, from the results table', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'sweeper');
  const ids = await floorWithTwelveOrders(page, 'Fleet sizing');

  await page.getByRole('link', { name: 'Experiments' }).first().click();
  await expect(page).toHaveURL(/\/experiments$/);
  await page.goto('/experiments/create');
  await page.getByLabel('Name').fill('How many robots?');
  await page.getByLabel('Scenario', { exact: true }).selectOption(String(ids.scenario));
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
  const experiment = await completedExperiment(page, experimentId);
  await expect(table.getByText(/^(Running|Pending)$/)).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: screenshotPath('experiment-sweep'), fullPage: true });
  const rowHeaders = await table.getByRole('rowheader').allInnerTexts();
  expect(rowHeaders.map((text) => Number.parseInt(text, 10))).toEqual([1, 2, 3, 4]);

  // Within 5% of the best: the smallest fleet whose makespan is at most 1.05 x the best.
  await page.getByLabel('Knee rule').selectOption('within_best');
  await expect(page.getByLabel('Tolerance (%)')).toHaveValue('5');
  const curve = kneeCurve(experiment);
  const best = Math.min(...curve.map(([, makespan]) => makespan));
  const kneeCount = curve.find(([, makespan]) => makespan <= best * 1.05)?.[0];
  await expect(table.locator('tr[data-knee]').getByRole('rowheader')).toHaveText(new RegExp(`^${kneeCount}(?!\\d)`));
  const finding = page.getByTestId('knee-finding');
  await expect(finding).toHaveText(
    kneeCount === 4
      ? /^No knee within the range: only the largest tested, 4 robots, is within 5% of the best makespan with traffic\. Test more robots\.$/
      : new RegExp(`^Knee: ${kneeCount} robots?, the fewest within 5% of the best makespan with traffic\\.$`),
  );
  // The chart names the rule on its knee line.
  const chartMark =
    kneeCount === 4 ? 'Largest tested: 4 (no knee by within 5% of best)' : `Knee: ${kneeCount} (within 5% of best)`;
  await expect(
    page.getByRole('figure', { name: 'Makespan and deliveries per hour by robot count' }).getByText(chartMark),
  ).toBeVisible();
});

test('a planner sweeps a tight-battery solve: every point runs its settings, and the page fits its figures', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAndLogIn(page, 'tight');
  const ids = await floorWithTwelveOrders(page, 'Tight batteries');
  const solve = await apiAs<{ id: number }>(page, 'POST', '/solves', {
    name: 'Max Distance 150, one charger',
    description: '',
    parameters: { algorithm_type: 'makespan', time_limit: 2, max_distance: 150, chargers: 1, recharge_time: 5 },
    environment_id: ids.environment,
    scenario_id: ids.scenario,
    algorithm_id: 6,
    task_id: ids.task,
  });
  expect((await finishedSolve(page, solve.id)).status).toBe('completed');

  // 'Sweep this solve' starts the experiment form from the solve's settings.
  await page.goto(`/solves/${solve.id}`);
  await page.getByRole('link', { name: 'Sweep this solve' }).click();
  await expect(page).toHaveURL(new RegExp(`/experiments/create\\?solve_id=${solve.id}$`));
  await expect(page.getByLabel('Name')).toHaveValue('Sweep of Max Distance 150, one charger');
  await expect(page.getByLabel('Task', { exact: true })).toHaveValue(String(ids.task));
  await expect(page.getByLabel('Max Distance (meters)')).toHaveValue('150');
  await expect(page.getByLabel('Chargers per Station')).toHaveValue('1');
  await expect(page.getByLabel('Recharge Time (min)')).toHaveValue('5');
  await page.getByLabel('Robot Counts').fill('1..4');
  await page.getByRole('button', { name: 'Start Experiment' }).click();
  await expect(page).toHaveURL(/\/experiments\/\d+$/);
  const experiment = await completedExperiment(page, Number(page.url().split('/').pop()));

  // Every point ran with the solve's settings and its own fleet size.
  expect(experiment.points.map((point) => point.parameters)).toEqual(
    [1, 2, 3, 4].map((robots) =>
      expect.objectContaining({
        algorithm_type: 'makespan',
        time_limit: 2,
        max_distance: 150,
        chargers: 1,
        recharge_time: 5,
        robot_count: robots,
      }),
    ),
  );
  await expect(
    page.getByText(
      /^Max Distance: 150 m · Robot Speed: 1 m\/s · Recharge Time: 5 min · Time Limit: 2 s · Chargers per Station: 1/,
    ),
  ).toBeVisible();

  // The knee says which rule gave it: diminishing returns unless the planner picks another.
  await expect(page.getByLabel('Knee rule')).toHaveValue('diminishing_returns');
  await expect(page.getByTestId('knee-finding')).toHaveText(
    /^(Knee: \d robots?\. Beyond it, one more robot gains less than 5%|No knee within the range: up to the largest tested, 4 robots, one more robot still gains at least 5%)/,
  );

  // The knee's label and the chart's legend stand apart; the table shows every column, Solve included.
  const chart = page.getByRole('figure', { name: 'Makespan and deliveries per hour by robot count' });
  const kneeLabel = chart.getByText(/^(Knee|Largest tested): \d/);
  if ((await kneeLabel.count()) > 0)
    expect(disjoint([await boxOf(kneeLabel), await boxOf(chart.locator('.recharts-legend-wrapper'))])).toBe(true);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const table = page.getByRole('table', { name: 'Sweep results' });
    const frame = table.locator('xpath=..');
    expect(
      await frame.evaluate((element) => element.scrollWidth <= element.clientWidth),
      `no hidden columns at ${width} px`,
    ).toBe(true);
    const solveHeader = await boxOf(table.getByRole('columnheader', { name: 'Solve' }));
    expect(solveHeader.x + solveHeader.width).toBeLessThanOrEqual((await boxOf(frame)).x + (await boxOf(frame)).width);
    await page.screenshot({ path: screenshotPath(`experiment-tight-sweep-${width}`), fullPage: true });
  }
});
