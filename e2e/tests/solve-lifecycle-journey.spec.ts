import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from '../support/accounts.ts';
import { apiAs, createEnvironmentViaApi } from '../support/api.ts';
import { freePort, repoRoot, startFleetlab } from '../support/fleetlab-server.ts';

type SolveRecord = {
  id: number;
  status: string;
  celery_task_id: string | null;
  results: { error?: string } | null;
  stats: { stopped_early?: boolean } | null;
};

/** The l1 benchmark day (50x50, 20 robots, 200 orders): a makespan search on it runs to its time limit. */
function l1(): { environment: Record<string, unknown>; tasks: [string, string][] } {
  return JSON.parse(readFileSync(path.join(repoRoot, 'packages/solver/bench/instances/l1.json'), 'utf8'));
}

/** Stores l1 with a scenario and its task, and starts a makespan solve of `timeLimitS` through the API. */
async function startLongSolve(page: Page, timeLimitS: number): Promise<SolveRecord> {
  const instance = l1();
  const environment = await apiAs<{ id: number }>(page, 'POST', '/environments', {
    ...instance.environment,
    name: 'Large hall',
    description: 'l1',
  });
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Full day',
    environment_id: environment.id,
    parameters: {},
  });
  const [task] = await apiAs<{ id: number }[]>(page, 'POST', '/tasks/batch', [
    {
      name: 'Two hundred orders',
      task_type: 'pickup_delivery',
      scenario_id: scenario.id,
      details: { tasks: instance.tasks },
    },
  ]);
  return apiAs<SolveRecord>(page, 'POST', '/solves', {
    name: 'Long search',
    environment_id: environment.id,
    scenario_id: scenario.id,
    task_id: task.id,
    algorithm_id: 6,
    parameters: { time_limit: timeLimitS },
  });
}

test('a planner cancels a long solve from its results page, and the record says it was cancelled by the user', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'canceller');
  const solve = await startLongSolve(page, 300);
  await page.goto(`/solves/${solve.id}`);
  await expect(page.getByText('Optimization in progress')).toBeVisible({ timeout: 30_000 });

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to cancel this solve? It stops now and keeps no plan.');
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Optimization Cancelled' })).toBeVisible();
  await expect(page.getByText('Cancelled by the user')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  const stored = await apiAs<SolveRecord>(page, 'GET', `/solves/${solve.id}`);
  expect(stored).toMatchObject({ status: 'failed', results: { error: 'Cancelled by the user' }, stats: null });
  // Still so after a reload, and the list shows it failed rather than running.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Optimization Cancelled' })).toBeVisible();
});

test('a server restart in the middle of a solve resumes it; it never stays running', async ({ browser }) => {
  const server = await startFleetlab(await freePort());
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await signUpAndLogIn(page, 'restarter', { logFile: server.logFile });
    const solve = await startLongSolve(page, 15);
    await page.goto(`/solves/${solve.id}`);
    await expect(page.getByText('Optimization in progress')).toBeVisible({ timeout: 30_000 });
    expect((await apiAs<SolveRecord>(page, 'GET', `/solves/${solve.id}`)).celery_task_id).toBe(
      `embedded-${solve.id}-1`,
    );

    // The process dies mid-run (no chance to hand the solve back) and is started again.
    await server.restart('SIGKILL');
    await page.reload();
    await expect(page.getByText(/Optimization in progress|Waiting to start\.\.\./)).toBeVisible({ timeout: 30_000 });
    const resumed = await apiAs<SolveRecord>(page, 'GET', `/solves/${solve.id}`);
    expect(resumed.celery_task_id).toBe(`embedded-${solve.id}-2`);
    expect(['pending', 'running']).toContain(resumed.status);

    // The second run finishes on its own: the results page shows the plan.
    await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible({ timeout: 90_000 });
    expect((await apiAs<SolveRecord>(page, 'GET', `/solves/${solve.id}`)).status).toBe('completed');
  } finally {
    await context.close();
    await server.stop();
  }
});

test('reloading a finished solve’s results transfers nothing new: the browser revalidates and gets no body', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'reloader');
  const environment = await createEnvironmentViaApi(page, 'Reload floor');
  const scenario = await apiAs<{ id: number }>(page, 'POST', '/scenarios', {
    name: 'Reload',
    environment_id: environment.id,
    parameters: {},
  });
  const [task] = await apiAs<{ id: number }[]>(page, 'POST', '/tasks/batch', [
    {
      name: 'Four orders',
      task_type: 'pickup_delivery',
      scenario_id: scenario.id,
      details: {
        tasks: [
          ['P7', 'D1'],
          ['P10', 'D2'],
          ['P17', 'D1'],
          ['P20', 'D2'],
        ],
      },
    },
  ]);
  const solve = await apiAs<SolveRecord>(page, 'POST', '/solves', {
    name: 'Quick plan',
    environment_id: environment.id,
    scenario_id: scenario.id,
    task_id: task.id,
    algorithm_id: 1,
  });
  await expect
    .poll(async () => (await apiAs<SolveRecord>(page, 'GET', `/solves/${solve.id}`)).status, { timeout: 60_000 })
    .toBe('completed');

  const solveUrl = new RegExp(`/api/v1/solves/${solve.id}$`);
  const first = page.waitForResponse(solveUrl);
  await page.goto(`/solves/${solve.id}`);
  const firstAnswer = await first;
  expect(firstAnswer.status()).toBe(200);
  const etag = await firstAnswer.headerValue('etag');
  expect(etag).toMatch(/^"[0-9a-f]{64}(-br|-gzip)?"$/);
  expect(await firstAnswer.headerValue('cache-control')).toBe('private, no-cache');
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible();

  expect((await firstAnswer.request().sizes()).responseBodySize).toBeGreaterThan(0);

  // The browser keeps the answer and asks whether it changed: the server's 304 carries no body,
  // and the page gets the kept one (the browser reports it as the 200 it keeps).
  const again = page.waitForRequest(solveUrl);
  const revalidated = page.waitForResponse(solveUrl);
  await page.reload();
  expect(await (await again).headerValue('if-none-match')).toBe(etag);
  const reloaded = await revalidated;
  expect((await reloaded.request().sizes()).responseBodySize).toBe(0);
  expect(await reloaded.headerValue('etag')).toBe(etag);
  await expect(page.getByRole('heading', { name: 'Results Summary' })).toBeVisible();
});
