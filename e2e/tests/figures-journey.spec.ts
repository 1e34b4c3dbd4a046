import { generateWarehouseInstance } from '@fleetlab/warehouse';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createEnvironmentViaApi } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import { expectFiguresInsideTheirCards, finishedSolve, floorLines, summaryFigure } from '../support/results-page.ts';

type RobotExecution = { waiting_s: number; queued_s: number; dock_queue_s: number };
type ExecutedSolve = {
  id: number;
  status: string;
  stats: { gap: number; execution: { waiting_s: number; charger_queue_s: Record<string, number> } };
  execution: { robots: Record<string, RobotExecution> };
};

/** A solve through POST /solves as the spec's client sends it; returns its id. */
async function startSolve(
  page: Page,
  ids: { environment: number; scenario: number; task: number },
  algorithm: 'greedy_distance' | 'makespan',
  parameters: Record<string, unknown> = {},
) {
  const solve = await apiAs<{ id: number }>(page, 'POST', '/solves', {
    name: `${algorithm} run`,
    description: '',
    parameters: { algorithm_type: algorithm, ...parameters },
    environment_id: ids.environment,
    scenario_id: ids.scenario,
    algorithm_id: algorithm === 'makespan' ? 6 : 1,
    task_id: ids.task,
  });
  return solve.id;
}

async function floorWithOrders(page: Page, layout: 'aisle-meeting' | 'small-warehouse', pairs: [string, string][]) {
  const environment = await createEnvironmentViaApi(page, `Floor for ${pairs.length} orders`, layout);
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Figures',
    environment_id: environment.id,
    parameters: {},
  });
  const [task] = await apiAs<{ id: number }[]>(page, 'POST', '/tasks/batch', [
    { name: 'Orders', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: pairs } },
  ]);
  return { environment: environment.id, scenario: scenario.id, task: task.id };
}

/** The results page writes seconds under a minute with one decimal. */
const seconds = (value: number) => `${value.toFixed(1)} s`;

test('the summary says what each figure is, and the traffic delay, dock queue and charger queue add up to the robot time lost', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'figures');
  // Two robots cross in a one-cell aisle: one waits for the other.
  const ids = await floorWithOrders(page, 'aisle-meeting', [
    ['P13', 'D1'],
    ['P21', 'D2'],
  ]);
  const solveId = await startSolve(page, ids, 'greedy_distance');
  const solve = await finishedSolve<ExecutedSolve>(page, solveId);
  expect(solve.status).toBe('completed');

  await page.goto(`/solves/${solveId}`);
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible();
  const lines = await floorLines(page);
  const line = (label: string) => lines.find(([name]) => name === label);
  // Planned is the plan: the same figure as the plan's own Max Completion Time.
  expect(line('Planned')?.[1]).toBe(await summaryFigure(page, 'Max Completion Time'));
  expect(line('Planned')?.[2]).toBe('Each robot alone on the floor: the plan itself.');
  expect(line('With traffic')?.[2]).toMatch(/^Every robot on the floor at once: \+/);

  const robots = Object.values(solve.execution.robots);
  const blocked = robots.reduce(
    (sum, robot) => sum + Math.max(0, robot.waiting_s - robot.queued_s - robot.dock_queue_s),
    0,
  );
  const queued = robots.reduce((sum, robot) => sum + robot.queued_s, 0);
  const docked = robots.reduce((sum, robot) => sum + robot.dock_queue_s, 0);
  expect(blocked).toBeGreaterThan(0);
  expect(blocked + docked + queued).toBeCloseTo(solve.stats.execution.waiting_s, 6);
  expect(line('Traffic delay')?.[1]).toBe(seconds(blocked));
  expect(line('Dock queue')?.[1]).toBe(seconds(docked));
  expect(line('Charger queue')?.[1]).toBe(seconds(queued));
  expect(line('Robot time lost')?.[1]).toBe(seconds(blocked + docked + queued));
  expect(line('Robot time lost')?.[2]).toBe(
    'Traffic delay, dock queue and charger queue added, summed over the robots (not the makespan, which With traffic gives).',
  );

  // A figure of the plan in place of a constant of the settings.
  await expect(page.getByRole('region', { name: 'Results Summary' }).getByText('Battery Efficiency')).toHaveCount(0);
  expect(await summaryFigure(page, 'Battery per Delivery')).toMatch(/^\d+\.\d%$/);

  // The player says what its speeds are.
  const speed = page.getByRole('group', { name: 'Speed' });
  await expect(speed.getByTestId('player-speed')).toHaveText('= 10 s of plan per second');
  await speed.getByRole('button', { name: '4x' }).click();
  await expect(speed.getByTestId('player-speed')).toHaveText('= 40 s of plan per second');

  // Every Battery Levels bar has its status' colour.
  await page.getByRole('button', { name: /^R1_1/ }).click();
  const rows = page.getByRole('table', { name: 'Battery Levels' }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const shown = await rows.evaluateAll((elements) =>
    elements
      .slice(1)
      .map((row) => [
        row.querySelector('[role="meter"] > div')?.getAttribute('data-colour'),
        row.lastElementChild?.textContent,
      ]),
  );
  const colourOf: Record<string, string> = { 'Low Battery': 'red', Normal: 'yellow', Full: 'green' };
  expect(shown.length).toBeGreaterThan(0);
  for (const [colour, status] of shown) expect(colour).toBe(colourOf[status ?? '']);
  await page.screenshot({ path: screenshotPath('results-figures'), fullPage: true });
});

test('a plan that meets its lower bound reads proven optimal, not a stop at the time limit', async ({ page }) => {
  await signUpAndLogIn(page, 'optimal');
  // Up to 12 deliveries, the makespan optimiser solves exactly.
  const ids = await floorWithOrders(page, 'small-warehouse', [
    ['P7', 'D1'],
    ['P10', 'D2'],
    ['P17', 'D1'],
  ]);
  const solveId = await startSolve(page, ids, 'makespan', { time_limit: 5 });
  const solve = await finishedSolve<ExecutedSolve>(page, solveId);
  expect(solve.stats.gap).toBe(0);
  await page.goto(`/solves/${solveId}`);
  const summary = page.getByRole('region', { name: 'Results Summary' });
  await expect(summary.getByText(/^Planned by Makespan search in [\d,]+ ms \(proven optimal\)$/)).toBeVisible();
  await expect(summary.getByText('proven optimal: no plan can finish sooner')).toBeVisible();
  await expect(summary.getByText(/within 0\.0%/)).toHaveCount(0);
});

test('a 400-robot, 20,000-order day keeps every figure inside its card at 1280 px', async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAndLogIn(page, 'bigday');
  const day = generateWarehouseInstance({
    width: 50,
    height: 50,
    stations: 40,
    robotsPerStation: 10,
    orders: 20_000,
    seed: 7,
  });
  const environment = await apiAs<{ id: number }>(page, 'POST', '/environments', {
    description: 'A generated day',
    ...day.environment,
  });
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Whole day',
    environment_id: environment.id,
    parameters: {},
  });
  const [task] = await apiAs<{ id: number }[]>(page, 'POST', '/tasks/batch', [
    { name: '20,000 orders', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: day.tasks } },
  ]);
  const solveId = await startSolve(
    page,
    { environment: environment.id, scenario: scenario.id, task: task.id },
    'greedy_distance',
  );
  expect((await finishedSolve(page, solveId, 360_000)).status).toBe('completed');

  await page.goto(`/solves/${solveId}`);
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible({ timeout: 60_000 });
  expect(await summaryFigure(page, 'Total Deliveries')).toBe('20,000');
  expect(await summaryFigure(page, 'Total Distance')).toMatch(/^[\d,]+\.\d\d km$/);
  expect(await summaryFigure(page, 'Max Completion Time')).toMatch(/^\d+ h \d+ min \d+ s$/);

  await expectFiguresInsideTheirCards(page.getByRole('region', { name: 'Results Summary' }));
  await page
    .getByRole('region', { name: 'Results Summary' })
    .screenshot({ path: screenshotPath('results-summary-big-day') });
});

/** Seconds from the results page's durations: '12.5 s', '3 min 20 s', '1 h 2 min 3 s'. */
function secondsOf(text: string | undefined): number {
  const match = /^(?:([\d,]+) h )?(?:(\d+) min )?([\d.]+) s$/.exec(text ?? '');
  if (!match) throw new Error(`Not a duration: ${text}`);
  return Number((match[1] ?? '0').replace(/,/g, '')) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3]);
}

test('scarce chargers: the gap names what its bound cannot count, Planned shares the chargers, and the delays add up', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndLogIn(page, 'scarce');
  // The solver bench's chargers1: 6 robots on 2 stations, 30 orders, 60 m and 10 min charges, 1 charger per station.
  const day = generateWarehouseInstance({
    width: 16,
    height: 16,
    stations: 2,
    robotsPerStation: 3,
    orders: 30,
    seed: 33,
  });
  const environment = await apiAs<{ id: number }>(page, 'POST', '/environments', {
    description: 'Scarce chargers',
    ...day.environment,
  });
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Scarce chargers',
    environment_id: environment.id,
    parameters: {},
  });
  const [task] = await apiAs<{ id: number }[]>(page, 'POST', '/tasks/batch', [
    { name: '30 orders', task_type: 'pickup_delivery', scenario_id: scenario.id, details: { tasks: day.tasks } },
  ]);
  const solveId = await startSolve(
    page,
    { environment: environment.id, scenario: scenario.id, task: task.id },
    'greedy_distance',
    { max_distance: 60, recharge_time: 10, chargers: 1 },
  );
  const solve = await finishedSolve<ExecutedSolve & { stats: { lower_bound_name: string; charger_queue_s: number } }>(
    page,
    solveId,
  );
  expect(solve.status).toBe('completed');
  expect(solve.stats.charger_queue_s).toBeGreaterThan(0);

  await page.goto(`/solves/${solveId}`);
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Results Summary' });
  // A large gap says it is at most that far from the best, and what the bound cannot count.
  await expect(
    summary.getByText(/^at most \d+\.\d% above the best possible makespan; the bound cannot count .+$/),
  ).toBeVisible();
  const lines = await floorLines(page);
  const line = (label: string) => lines.find(([name]) => name === label);
  expect(line('Planned')?.[2]).toMatch(
    /^Each robot alone on the floor, sharing the stations' chargers \(.+ of robot time queueing for them\)( and the pickups and dropoffs, one robot at a time \(.+ of robot time waiting for them\))?: the plan itself\.$/,
  );
  // Robot time: the traffic delay, the dock queue and the charger queue add up to the robot time
  // lost, and the queues are the execution's own (to the second the page rounds to).
  const traffic = secondsOf(line('Traffic delay')?.[1]);
  const dock = secondsOf(line('Dock queue')?.[1]);
  const queue = secondsOf(line('Charger queue')?.[1]);
  expect(Math.abs(traffic + dock + queue - secondsOf(line('Robot time lost')?.[1]))).toBeLessThanOrEqual(1);
  const docked = Object.values(solve.execution.robots).reduce((sum, robot) => sum + robot.dock_queue_s, 0);
  expect(Math.abs(dock - docked)).toBeLessThanOrEqual(1);
  const queued = Object.values(solve.execution.robots).reduce((sum, robot) => sum + robot.queued_s, 0);
  expect(Math.abs(queue - queued)).toBeLessThanOrEqual(1);
  // No line calls a queue traffic: the queue has its own line, and the traffic delay is blocking.
  expect(line('Traffic delay')?.[2]).not.toMatch(/queue/i);
  expect(line('Dock queue')?.[2]).not.toMatch(/traffic/i);
  expect(line('Charger queue')?.[2]).not.toMatch(/traffic/i);
  await page.screenshot({ path: screenshotPath('results-scarce-chargers'), fullPage: true });
});
