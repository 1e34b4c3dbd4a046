import {
  compareRobotModels,
  type ExperimentRecord,
  robotModelPresetByName,
  type SolveStatsRecord,
} from '@fleetlab/warehouse';
import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createScenarioWithTaskViaApi, TEN_SMALL_WAREHOUSE_ORDERS } from '../support/api.ts';
import { screenshotPath } from '../support/fleetlab-server.ts';
import { playerOf } from '../support/player.ts';
import { finishedSolve } from '../support/results-page.ts';

const DRIVE_UNIT = robotModelPresetByName('drive-unit')?.label ?? '';
const POINT = robotModelPresetByName('point')?.label ?? '';

type SolveRecord = {
  status: string;
  stats: SolveStatsRecord | null;
  execution: { robots: Record<string, { motion?: number[] }> } | null;
};

test('a planner solves with a drive unit, sees it named on the results, and compares robot models: which needs fewer robots for a target', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUpAndLogIn(page, 'modeller');
  const ids = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Robot models floor', scenario: 'Which robot', task: 'Ten orders' },
    TEN_SMALL_WAREHOUSE_ORDERS,
  );

  // The solve form starts with the drive unit and says so; the API's default stays point.
  await page.goto(`/solves/create?scenario_id=${ids.scenarioId}`);
  await expect(page.getByLabel('Task')).toHaveValue(String(ids.taskId));
  const modelLine = page.getByTestId('robot-model-line');
  await expect(modelLine).toContainText(`Robot model: ${DRIVE_UNIT}`);
  await expect(modelLine).toContainText('runs the point model');
  await page.getByRole('button', { name: 'Start Optimization' }).click();
  await expect(page).toHaveURL(/\/solves\/\d+$/);
  const solveId = Number(page.url().split('/').pop());
  const solve = await finishedSolve<SolveRecord>(page, solveId);
  expect(solve.status).toBe('completed');
  expect(solve.stats?.robot_model).toBe('drive-unit');
  // Where the plan's time goes: the drive unit's ramps and turns, 2 s of handling at each of 20 places.
  expect(solve.stats?.time_split?.ramps_s).toBeGreaterThan(0);
  expect(solve.stats?.time_split?.turning_s).toBeGreaterThan(0);
  expect(solve.stats?.time_split?.handling_s).toBe(40);

  // The results say which model ran.
  await page.reload();
  const robotModel = page.locator('dt', { hasText: /^Robot Model$/ }).locator('xpath=following-sibling::dd');
  await expect(robotModel).toHaveText(DRIVE_UNIT);

  // The plan's replay drives each run with the drive unit's own rates: the sliders step aside.
  const player = playerOf(page);
  await expect(page.getByTestId('motion-replay-note')).toContainText(
    'Planned, robots move as the solve’s robot model times each run of the plan',
  );
  await expect(player.player.getByRole('slider', { name: 'Max speed' })).toBeDisabled();
  // When the floor ran the drive unit's motion, its replay shows it, and the sliders stay aside.
  if (solve.execution && Object.values(solve.execution.robots).some((robot) => robot.motion !== undefined)) {
    await player.player.getByRole('button', { name: 'With traffic' }).click();
    await expect(page.getByTestId('motion-replay-note')).toBeVisible();
    await expect(player.player.getByRole('slider', { name: 'Max speed' })).toBeDisabled();
  }
  await page.screenshot({ path: screenshotPath('robot-model-solve'), fullPage: true });

  // A point robot's plan with 2 robots sets the target: point meets it with at most 2 robots.
  const probe = await apiAs<{ id: number }>(page, 'POST', '/solves', {
    name: 'Point, 2 robots',
    environment_id: ids.environmentId,
    scenario_id: ids.scenarioId,
    task_id: ids.taskId,
    algorithm_id: 1,
    parameters: { algorithm_type: 'greedy_distance', robot_count: 2 },
  });
  const probed = await finishedSolve<SolveRecord>(page, probe.id);
  const targetMinutes = Math.ceil(((probed.stats?.makespan_s ?? 0) / 60) * 100) / 100;

  // The comparison, made on the experiment form: point and drive unit on 1 to 4 robots.
  await page.goto('/experiments/create');
  await page.getByLabel('Name').fill('Point or drive unit');
  await page.getByLabel('Scenario').selectOption(String(ids.scenarioId));
  await expect(page.getByLabel('Task')).toHaveValue(String(ids.taskId));
  await page.getByLabel('Kind').selectOption('robot_model_comparison');
  await page.getByLabel('Algorithm').selectOption('greedy_distance');
  await page.getByRole('checkbox', { name: POINT }).check();
  await page.getByRole('checkbox', { name: robotModelPresetByName('amr')?.label ?? '' }).uncheck();
  await page.getByLabel('Robot Counts').fill('1..4');
  await page.getByLabel('Target Makespan (min)').fill(String(targetMinutes));
  await page.getByRole('button', { name: 'Start Experiment' }).click();
  await expect(page).toHaveURL(/\/experiments\/\d+$/);
  const experimentId = Number(page.url().split('/').pop());
  await expect
    .poll(async () => (await apiAs<ExperimentRecord>(page, 'GET', `/experiments/${experimentId}`)).status, {
      timeout: 180_000,
    })
    .toBe('completed');
  const experiment = await apiAs<ExperimentRecord>(page, 'GET', `/experiments/${experimentId}`);
  expect(experiment.robot_models).toEqual(['point', 'drive-unit']);
  expect(experiment.points.map((point) => [point.parameters.robot_model, point.robot_count])).toEqual([
    ['point', 1],
    ['point', 2],
    ['point', 3],
    ['point', 4],
    ['drive-unit', 1],
    ['drive-unit', 2],
    ['drive-unit', 3],
    ['drive-unit', 4],
  ]);

  // The page's answer is the warehouse's over the stored points, and names the model that needs fewer robots.
  const answer = compareRobotModels(experiment.points, experiment.robot_models, experiment.target_makespan_s, false);
  expect(answer.winners.length).toBeGreaterThan(0);
  const winner = robotModelPresetByName(answer.winners[0])?.label ?? '';
  const answerText = page.getByTestId('robot-model-answer');
  await expect(answerText).toContainText(answer.winners.length === 1 ? `${winner} needs the fewest robots` : winner);
  await expect(answerText).toContainText(`${answer.winnerRobots} robot`);
  const table = page.getByRole('table', { name: 'Robot model comparison' });
  await expect(table.getByRole('row')).toHaveCount(9);
  await expect(table.locator('tr[data-best]')).toHaveCount(answer.winners.length);
  await page.screenshot({ path: screenshotPath('robot-model-comparison'), fullPage: true });
});

test("a planner runs a robot of their own figures: named problems first, then the solve named by the robot's name", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndLogIn(page, 'own-robot');
  const { scenarioId, taskId } = await createScenarioWithTaskViaApi(
    page,
    { environment: 'Own robot floor', scenario: 'Our robot', task: 'Ten orders' },
    TEN_SMALL_WAREHOUSE_ORDERS,
  );
  await page.goto(`/solves/create?scenario_id=${scenarioId}`);
  await expect(page.getByLabel('Task')).toHaveValue(String(taskId));
  await page.getByRole('button', { name: 'Show Advanced Settings' }).click();
  await page.getByLabel('Robot Model').selectOption('custom');
  // Its figures start from the drive unit's, Robot Speed its top speed.
  await expect(page.getByLabel('Acceleration (m/s²)')).toHaveValue('1');
  await expect(page.getByLabel('Robot Speed (m/s)')).toHaveValue('1.5');
  await expect(page.getByLabel('Handling (s)', { exact: true })).toHaveValue('2');
  await page.getByLabel('Model Name').fill('Slow bot');
  await page.getByLabel('Robot Speed (m/s)').fill('0.8');
  await page.getByLabel('Braking (m/s²)').fill('0');
  await page.getByLabel('Handling Time (s)').fill('3');
  await page.getByRole('button', { name: 'Start Optimization' }).click();
  await expect(page.getByText('Braking must be a number from 0.05 to 20 m/s²')).toBeVisible();
  await expect(page).toHaveURL(/\/solves\/create/);
  await page.getByLabel('Braking (m/s²)').fill('0.25');
  await expect(page.getByTestId('robot-model-line')).toContainText('Robot model: Slow bot (custom figures)');
  await page.getByRole('button', { name: 'Start Optimization' }).click();
  await expect(page).toHaveURL(/\/solves\/\d+$/);
  const solve = await finishedSolve<SolveRecord>(page, Number(page.url().split('/').pop()));
  expect(solve.status).toBe('completed');
  expect(solve.stats?.robot_model).toBe('Slow bot');
  // Handling Time's 3 s (over its own 2 s) at each of the 10 orders' 20 places; its quarter turns take the drive unit's 0.625 s.
  expect(solve.stats?.time_split?.handling_s).toBe(60);
  expect(solve.stats?.time_split?.turning_s).toBeGreaterThan(0);
  await page.reload();
  const robotModel = page.locator('dt', { hasText: /^Robot Model$/ }).locator('xpath=following-sibling::dd');
  await expect(robotModel).toHaveText('Slow bot (custom figures)');
});
