/**
 * Captures docs/screenshot.png for the README from a real embedded-mode server: a planner's
 * completed `makespan` solve of the m1 benchmark layout, with the path simulation playing.
 *
 *   npx tsx e2e/scripts/capture-readme-screenshot.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { readVerificationCode } from '../support/accounts.ts';
import { buildWebApp, repoRoot, startFleetlab } from '../support/fleetlab-server.ts';
import config from '../playwright.config.ts';

const instance = JSON.parse(readFileSync(path.join(repoRoot, 'packages/solver/bench/instances/m1.json'), 'utf8'));

async function call<T>(url: string, method: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

buildWebApp();
const server = await startFleetlab(3299);
process.env.FLEETLAB_E2E_LOG = server.logFile;
try {
  const api = `${server.url}/api/v1`;
  const account = {
    email: 'maria.lopez@northwind-logistics.example',
    username: 'maria',
    password: 'a long enough passphrase',
  };
  await call(`${api}/auth/register`, 'POST', account);
  await call(`${api}/auth/verify-email`, 'POST', {
    email: account.email,
    code: await readVerificationCode(account.email),
  });
  const { access_token: token } = await call<{ access_token: string }>(`${api}/auth/login`, 'POST', {
    username: account.email,
    password: account.password,
  });

  const environment = await call<{ id: number }>(
    `${api}/environments`,
    'POST',
    {
      ...instance.environment,
      name: 'Northwind DC - Hall B',
      description: 'Seven double racks, three docks, three charging bays',
    },
    token,
  );
  const scenario = await call<{ id: number }>(
    `${api}/scenarios`,
    'POST',
    {
      name: 'Monday morning wave',
      description: '60 orders before 10:00',
      environment_id: environment.id,
      parameters: { order_volume: 60 },
    },
    token,
  );
  const [task] = await call<{ id: number }[]>(
    `${api}/tasks/batch`,
    'POST',
    [
      {
        name: 'Wave 1',
        description: '60 picks',
        task_type: 'pickup_delivery',
        scenario_id: scenario.id,
        details: { tasks: instance.tasks },
      },
    ],
    token,
  );
  const solve = await call<{ id: number }>(
    `${api}/solves`,
    'POST',
    {
      name: 'Wave 1 - makespan',
      description: 'Nine robots, 300 m per charge',
      environment_id: environment.id,
      scenario_id: scenario.id,
      task_id: task.id,
      algorithm_id: 6,
      parameters: { ...instance.params, time_limit: 8, algorithm_type: 'makespan' },
    },
    token,
  );
  for (let attempt = 0; ; attempt++) {
    const { status } = await call<{ status: string }>(`${api}/solves/${solve.id}`, 'GET', undefined, token);
    if (status === 'completed') break;
    if (status === 'failed' || attempt > 120) throw new Error(`solve ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const browser = await chromium.launch(config.use?.launchOptions);
  const page = await browser.newPage({ viewport: { width: 1440, height: 1200 }, deviceScaleFactor: 1 });
  await page.goto(server.url);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(`${server.url}/solves/${solve.id}`);
  await page.getByRole('heading', { name: 'Path Simulation' }).scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: '4x' }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(4000);
  // Summary at the top, the playing fleet below it.
  await page.evaluate(() => {
    const summary = [...document.querySelectorAll('h2')].find(
      (heading) => heading.textContent?.trim() === 'Results Summary',
    );
    window.scrollTo(0, (summary?.getBoundingClientRect().top ?? 0) + window.scrollY - 96);
  });
  await page.screenshot({ path: path.join(repoRoot, 'docs/screenshot.png') });
  await browser.close();
  console.log('wrote docs/screenshot.png');
} finally {
  await server.stop();
}
