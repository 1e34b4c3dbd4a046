#!/usr/bin/env node
// Runs every test suite (Vitest projects, then the Playwright journeys) and ends with one
// line, "N passed, N failed", totalling all of them. Exits non-zero if any suite failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestReport = path.join(root, '.vitest-results.json');
const playwrightReport = path.join(root, '.playwright-results.json');
const skipBrowser = process.env.FLEETLAB_SKIP_E2E === '1';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let anySuiteBroken = false;

rmSync(vitestReport, { force: true });
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A suite file that fails to load counts as a failure even when no test inside it ran.
  if (vitestStatus !== 0 && vitest.numFailedTests === 0) {
    totals.failed += Math.max(1, vitest.numFailedTestSuites);
  }
} else {
  anySuiteBroken = true;
  totals.failed += 1;
}

if (!skipBrowser) {
  rmSync(playwrightReport, { force: true });
  const e2eStatus = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const e2e = readJson(playwrightReport);
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    if (e2eStatus !== 0 && e2e.stats.unexpected === 0) totals.failed += 1;
  } else {
    anySuiteBroken = true;
    totals.failed += 1;
  }
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 || anySuiteBroken ? 1 : 0);
