#!/usr/bin/env node
// Runs every check and test suite and ends with one line, "N passed, N failed", totalling all of
// them. First the static checks (the type check and Biome's lint and format check: each counts as
// one test, failed when it reports anything), then the Vitest projects, then the Playwright
// journeys. Exits non-zero if anything failed.
//
//   node scripts/run-tests.mjs                 everything (what `npm test` runs)
//   node scripts/run-tests.mjs --checks-only   the static checks alone
//   node scripts/run-tests.mjs --root DIR      the static checks of another project folder: its own
//                                              `typecheck` and `lint` npm scripts (the runner's own test)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 ? path.resolve(args[rootFlag + 1] ?? '') : repoRoot;
const checksOnly = args.includes('--checks-only') || rootFlag >= 0;
const vitestReport = path.join(root, '.vitest-results.json');
const playwrightReport = path.join(root, '.playwright-results.json');
const skipBrowser = process.env.FLEETLAB_SKIP_E2E === '1';

// The project's own npm scripts, so `npm run typecheck` and `npm run lint` by hand check exactly this.
const STATIC_CHECKS = [
  { name: 'type check', script: 'typecheck' },
  { name: 'lint and format', script: 'lint:ci' },
];

function run(command, commandArgs, env = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
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

for (const check of STATIC_CHECKS) {
  console.log(`\n[checks] ${check.name} (npm run ${check.script})`);
  const status = run('npm', ['run', '--silent', check.script]);
  if (status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    console.log(`[checks] ${check.name} failed`);
  }
}

if (!checksOnly) {
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
}

const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 || anySuiteBroken ? 1 : 0);
