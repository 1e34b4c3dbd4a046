// Frame-time measurement of the path simulation player in headless Chromium, in both replay
// modes (the plan, and its execution with traffic) at two fleet sizes:
//   100 robots: the xl1 instance (50 x 50, 1,000 deliveries);
//   400 robots: a generated 50 x 50 floor, 40 stations x 10 robots, 1,200 orders.
//
//   npx tsx apps/web/scripts/player-frame-bench.ts [--measure-ms 5000] [--cases 400-traffic,100-planned]
//
// 1. reads each case's recorded solve (scripts/fixtures/bench-100.json.gz, bench-400.json.gz:
//    greedy_distance plans and their executions, made by scripts/record-player-fixtures.ts);
// 2. bundles apps/web/tools/player-bench/ with Vite into a temporary folder, next to the inputs;
// 3. for each case, opens the page in headless Chromium, where it first records frame intervals
//    with nothing mounted (the machine's baseline), then the real PathPlayer plays (autoPlay, in
//    the case's mode) while the page records the intervals between animation frames, then it
//    times the player's per-frame work (sample + draw) on its own;
// 4. prints p50 / p95 / p99 and fps per case and a summary table, and exits non-zero when a
//    case misses its budget: p95 within one 60 Hz frame for 100 robots, one 30 Hz frame for 400.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import type { BenchInput, BenchResult } from '../tools/player-bench/bench-main.tsx';
import { buildPages, closeServer, launchChromium, serveFolder, webRoot } from './headless-page-kit.ts';
import { readRecordedSolve } from './recorded-solve.ts';

const benchEntryDir = join(webRoot, 'tools/player-bench');
const fixturesDir = join(webRoot, 'scripts/fixtures');

const { values: options } = parseArgs({
  options: {
    'measure-ms': { type: 'string', default: '5000' },
    'warmup-ms': { type: 'string', default: '1500' },
    /** Which cases to run: 100-planned, 100-traffic, 400-planned, 400-traffic (default all). */
    cases: { type: 'string', default: '100-planned,100-traffic,400-planned,400-traffic' },
    /** Width of the player's area: 1100 px is a solve page on a 1280 px wide window. */
    'area-width': { type: 'string', default: '1100' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    /**
     * Runs Chromium under `nice -n N`: on a machine shared with builds, a negative value
     * (root only) measures what the player needs rather than what the other jobs leave it.
     */
    nice: { type: 'string' },
    /** Writes a Chrome trace (devtools.timeline) of each measured window, the case name added to the file name. */
    trace: { type: 'string' },
    /** Saves a PNG of the page after measuring each case, the case name added to the file name. */
    screenshot: { type: 'string' },
  },
});

/** What the bench page (tools/player-bench/bench-main.tsx) leaves on its window. */
interface BenchWindow {
  __benchResult?: BenchResult;
  __benchError?: string;
  __benchPhase?: string;
}

interface BenchCase {
  readonly name: string;
  readonly inputFile: string;
  readonly mode: 'planned' | 'traffic';
  /** One frame at the case's target rate. */
  readonly budgetMs: number;
}

interface CaseFigures {
  readonly name: string;
  readonly p50: number;
  readonly p95: number;
  readonly fps: number;
  readonly workP50: number;
  readonly budgetMs: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index];
}

function describe(values: readonly number[]): { p50: number; p95: number; p99: number; max: number; mean: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
  return {
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean,
  };
}

const fmt = (value: number) => value.toFixed(2);
const fpsOf = (values: readonly number[]) => (values.length / values.reduce((sum, value) => sum + value, 0)) * 1000;

function withCaseName(file: string, name: string): string {
  const extension = extname(file);
  return `${file.slice(0, file.length - extension.length)}-${name}${extension}`;
}

/** Runs one case on the served page and prints its figures. */
async function runCase(browser: Browser, origin: string, pagePath: string, benchCase: BenchCase): Promise<CaseFigures> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  try {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${origin}/${pagePath}?input=${benchCase.inputFile}&mode=${benchCase.mode}`);
    const timeoutMs = Number(options['warmup-ms']) + 2 * Number(options['measure-ms']) + 60_000;
    // Main-thread busy time over the measured window, from the DevTools protocol: the
    // player's CPU cost per frame, whatever else the machine is doing.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Performance.enable');
    const busySeconds = async () => {
      const { metrics } = await devtools.send('Performance.getMetrics');
      const byName = new Map(metrics.map((metric) => [metric.name, metric.value]));
      return {
        task: byName.get('TaskDuration') ?? Number.NaN,
        script: byName.get('ScriptDuration') ?? Number.NaN,
        layout: (byName.get('LayoutDuration') ?? Number.NaN) + (byName.get('RecalcStyleDuration') ?? Number.NaN),
      };
    };
    await page.waitForFunction(
      () => (window as BenchWindow).__benchPhase === 'measuring' || (window as BenchWindow).__benchError !== undefined,
      null,
      {
        polling: 20,
        timeout: timeoutMs,
      },
    );
    if (options.trace) {
      await browser.startTracing(page, {
        path: withCaseName(options.trace, benchCase.name),
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
    }
    const busyBefore = await busySeconds();
    await page.waitForFunction(() => (window as BenchWindow).__benchPhase !== 'measuring', null, {
      polling: 20,
      timeout: timeoutMs,
    });
    const busyAfter = await busySeconds();
    if (options.trace) await browser.stopTracing();
    await page.waitForFunction(
      () => (window as BenchWindow).__benchResult !== undefined || (window as BenchWindow).__benchError !== undefined,
      null,
      {
        timeout: timeoutMs,
      },
    );
    const error = await page.evaluate(() => (window as BenchWindow).__benchError);
    if (error) throw new Error(`bench page failed: ${error}`);
    if (pageErrors.length > 0) throw new Error(`bench page errors: ${pageErrors.join('; ')}`);
    const result = (await page.evaluate(() => (window as BenchWindow).__benchResult)) as BenchResult;
    if (options.screenshot)
      await page.screenshot({ path: withCaseName(options.screenshot, benchCase.name), fullPage: true });

    const baseline = describe(result.baselineIntervalsMs);
    const intervals = describe(result.frameIntervalsMs);
    const measuredMs = result.frameIntervalsMs.reduce((sum, value) => sum + value, 0);
    const fps = fpsOf(result.frameIntervalsMs);
    const work = describe(result.frameWorkMs);
    const perFrame = (seconds: number) => fmt((seconds * 1000) / Math.max(1, result.frameIntervalsMs.length));
    console.log(`\n== ${benchCase.name}: ${result.robots} robots, ${result.mode} replay`);
    console.log(
      `baseline (empty page, ${result.baselineIntervalsMs.length} frames): p50 ${fmt(baseline.p50)} ms, ` +
        `p95 ${fmt(baseline.p95)} ms, p99 ${fmt(baseline.p99)} ms, ${fpsOf(result.baselineIntervalsMs).toFixed(1)} fps`,
    );
    console.log(
      `player: simulated end ${result.simulatedEndS.toFixed(1)} s, canvas ${result.canvasSize[0]}x${result.canvasSize[1]} px, ` +
        `clock after measuring ${result.simulatedClock}`,
    );
    console.log(
      `frame interval over ${(measuredMs / 1000).toFixed(2)} s (${result.frameIntervalsMs.length} frames): ` +
        `p50 ${fmt(intervals.p50)} ms, p95 ${fmt(intervals.p95)} ms, p99 ${fmt(intervals.p99)} ms, ` +
        `max ${fmt(intervals.max)} ms, ${fps.toFixed(1)} fps`,
    );
    console.log(
      `main thread busy per frame while playing: ${perFrame(busyAfter.task - busyBefore.task)} ms ` +
        `(script ${perFrame(busyAfter.script - busyBefore.script)} ms, style+layout ${perFrame(busyAfter.layout - busyBefore.layout)} ms)`,
    );
    console.log(
      `frame work (sample ${result.robots} robots + draw, ${result.frameWorkMs.length} frames): ` +
        `p50 ${fmt(work.p50)} ms, p95 ${fmt(work.p95)} ms, p99 ${fmt(work.p99)} ms, mean ${fmt(work.mean)} ms`,
    );
    return {
      name: benchCase.name,
      p50: intervals.p50,
      p95: intervals.p95,
      fps,
      workP50: work.p50,
      budgetMs: benchCase.budgetMs,
    };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const instances = [
    { file: 'input-100.json', fixture: 'bench-100.json.gz' },
    { file: 'input-400.json', fixture: 'bench-400.json.gz' },
  ];
  const allCases: BenchCase[] = [
    { name: '100-planned', inputFile: 'input-100.json', mode: 'planned', budgetMs: 1000 / 60 },
    { name: '100-traffic', inputFile: 'input-100.json', mode: 'traffic', budgetMs: 1000 / 60 },
    { name: '400-planned', inputFile: 'input-400.json', mode: 'planned', budgetMs: 1000 / 30 },
    { name: '400-traffic', inputFile: 'input-400.json', mode: 'traffic', budgetMs: 1000 / 30 },
  ];
  const wanted = new Set(options.cases.split(','));
  const cases = allCases.filter((benchCase) => wanted.has(benchCase.name));
  if (cases.length === 0)
    throw new Error(`No case matches --cases ${options.cases}; cases: ${allCases.map((c) => c.name).join(', ')}`);

  const outDir = mkdtempSync(join(tmpdir(), 'fleetlab-player-bench-'));
  let server: Server | null = null;
  let browser: Browser | null = null;
  try {
    const [pagePath] = await buildPages(benchEntryDir, ['index.html'], outDir);
    for (const { file, fixture } of instances) {
      if (!cases.some((benchCase) => benchCase.inputFile === file)) continue;
      const recorded = readRecordedSolve(join(fixturesDir, fixture));
      if (!recorded.execution)
        throw new Error(`${fixture} has no execution; record it again with scripts/record-player-fixtures.ts`);
      const robots = Object.keys(recorded.execution.robots).length;
      console.log(
        `${recorded.label}: ${robots} robots, planned makespan ${recorded.stats.makespan_s} s, ` +
          `executed ${recorded.execution.totals.executed_makespan_s} s (waiting ${Math.round(recorded.execution.totals.waiting_s)} s)`,
      );
      const input: BenchInput = {
        environment: recorded.environment,
        results: recorded.results,
        stats: recorded.stats,
        parameters: recorded.parameters,
        execution: recorded.execution,
        warmupMs: Number(options['warmup-ms']),
        measureMs: Number(options['measure-ms']),
        areaWidthPx: Number(options['area-width']),
      };
      writeFileSync(join(outDir, dirname(pagePath), file), JSON.stringify(input));
    }

    const served = await serveFolder(outDir, false);
    server = served.server;
    let executablePath = options.chromium;
    if (options.nice !== undefined) {
      executablePath = join(outDir, 'chromium-niced.sh');
      writeFileSync(executablePath, `#!/bin/sh\nexec nice -n ${Number(options.nice)} ${options.chromium} "$@"\n`, {
        mode: 0o755,
      });
      console.log(`chromium runs under nice -n ${Number(options.nice)}`);
    }
    browser = await launchChromium(executablePath, ['--disable-quic']);
    console.log(
      `machine: load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    const figures: CaseFigures[] = [];
    for (const benchCase of cases) figures.push(await runCase(browser, served.origin, pagePath, benchCase));

    console.log('\ncase          p50 ms   p95 ms     fps   work p50 ms   budget ms   verdict');
    for (const figure of figures) {
      const verdict = figure.p95 <= figure.budgetMs + 0.5 ? 'PASS' : 'FAIL';
      if (verdict === 'FAIL') process.exitCode = 1;
      console.log(
        `${figure.name.padEnd(12)}  ${fmt(figure.p50).padStart(6)}   ${fmt(figure.p95).padStart(6)}  ${figure.fps.toFixed(1).padStart(6)}` +
          `   ${fmt(figure.workP50).padStart(11)}   ${fmt(figure.budgetMs).padStart(9)}   ${verdict}`,
      );
    }
    console.log(
      `machine after: load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser?.close();
    await closeServer(server);
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
