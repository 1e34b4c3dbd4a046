import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChain } from './support/resources.ts';
import { databaseKinds } from './support/test-database.ts';
import { startTestApp, type SignedInUser, type TestApp } from './support/test-app.ts';

/**
 * The suite's own check that no status it asserts depends on an idle machine: with a process
 * spinning on every core, planners working side by side (storing their chains, then loading their
 * pages at once, a few rounds) get every answer they would get on an idle machine, under the
 * default admission limits. A slow moment is waited out; a 503 here would be a refusal at
 * ordinary load.
 */
const PLANNERS = 5;
const ROUNDS = 3;
const PAGE_READS = ['/auth/me', '/environments', '/scenarios', '/tasks', '/solves', '/experiments'];

let spinners: ChildProcess[] = [];

beforeAll(() => {
  spinners = Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
});

afterAll(() => {
  for (const spinner of spinners) spinner.kill('SIGKILL');
});

describe.each(databaseKinds)('API statuses on a machine busy on every core, %s', (kind) => {
  let t: TestApp;
  let planners: SignedInUser[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    planners = await Promise.all(Array.from({ length: PLANNERS }, (_, k) => t.signUp(`busy${k}`)));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('answers every planner’s writes and page loads made at once with their own statuses, no 503', async () => {
    expect(spinners.every((spinner) => spinner.exitCode === null)).toBe(true);
    const chains = await Promise.all(planners.map((planner, k) => createChain(t.app, planner, `Busy ${k}`)));
    expect(chains.every((chain) => chain.solveId > 0)).toBe(true);
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await Promise.all(
        planners.flatMap((planner) =>
          PAGE_READS.map(async (url) => {
            const answer = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: planner.headers });
            return `${url} ${answer.statusCode}`;
          }),
        ),
      );
      expect(answers).toEqual(planners.flatMap(() => PAGE_READS.map((url) => `${url} 200`)));
    }
  });
});
