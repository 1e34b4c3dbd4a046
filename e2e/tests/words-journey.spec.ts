import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createEnvironmentViaApi } from '../support/api.ts';

test('the product counts its algorithms one way, and task generation says what runs and what it made', async ({
  page,
}) => {
  // The landing page lists all seven; the solve form offers six and says where the seventh runs.
  await page.goto('/');
  const algorithms = page
    .getByRole('heading', { name: 'Seven routing and task allocation algorithms' })
    .locator('xpath=..')
    .getByRole('listitem');
  await expect(algorithms).toHaveCount(7);
  await expect(page.getByText('The solve form offers six of them; experiments compare all seven.')).toBeVisible();

  await signUpAndLogIn(page, 'words');
  const environment = await createEnvironmentViaApi(page, 'Words floor');
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Words',
    environment_id: environment.id,
    parameters: {},
  });
  await page.goto('/solves/create');
  await expect(page.getByLabel('Algorithm').getByRole('option')).toHaveCount(6);
  await expect(
    page.getByText(
      "This form offers six of Fleetlab's seven algorithms; Hungarian (algorithm_id 2) runs in an experiment's algorithm comparison and through the API.",
    ),
  ).toBeVisible();
  await page.goto('/experiments/create');
  await expect(page.getByLabel('Algorithm').getByRole('option')).toHaveCount(7);

  // No model is configured on the journeys' server: the page names the built-in generator first.
  await page.goto(`/tasks/generate?scenario_id=${scenario.id}`);
  await expect(page.getByTestId('task-generator')).toContainText(
    'No language model is configured, so the built-in generator runs',
  );
  await expect(page.getByTestId('task-generator')).toContainText('LLM_BASE_URL, LLM_API_KEY and LLM_MODEL');
  await page.getByLabel('Number of Tasks').fill('40');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByText('Successfully generated 40 tasks.')).toBeVisible();
  await expect(
    page.getByText(
      'That is one task holding 40 deliveries (pickup → dropoff pairs): Save All Tasks stores it as one task record, which one solve plans.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save All Tasks' }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks\\?scenario_id=${scenario.id}`));
  const saved = await apiAs<{ details: { tasks: unknown[] } }[]>(page, 'GET', `/tasks?scenario_id=${scenario.id}`);
  expect(saved.map((task) => task.details.tasks.length)).toEqual([40]);
});
