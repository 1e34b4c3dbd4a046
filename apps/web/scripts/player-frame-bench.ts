// Frame-time measurement of the path simulation player with the xl1 instance (100 robots,
// 1,000 deliveries) in headless Chromium.
//
//   npx tsx apps/web/scripts/player-frame-bench.ts [--measure-ms 5000] [--algorithm greedy_distance]
//
// 1. solves xl1 with @fleetlab/solver (greedy_distance: a real plan in about a second);
// 2. bundles apps/web/src/player/bench/ with Vite into a temporary folder, next to the plan;
// 3. serves that folder on a random local port and opens it in headless Chromium, where the
//    page first records frame intervals with nothing mounted (the machine's baseline), then
//    the real PathPlayer plays the plan while the page records the intervals between
//    animation frames, then it times the player's per-frame work (sample + draw) on its own;
// 4. prints p50 / p95 / p99 and fps, and exits non-zero when p95 is above 16.7 ms.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { buildProblem, solve } from '@fleetlab/solver';
import { buildPages, closeServer, launchChromium, repoRoot, serveFolder, webRoot } from './headless-page-kit.ts';

const benchEntryDir = join(webRoot, 'src/player/bench');
const instancePath = join(repoRoot, 'packages/solver/bench/instances/xl1.json');
/** One frame at 60 Hz. */
const FRAME_BUDGET_MS = 1000 / 60;

const { values: options } = parseArgs({
  options: {
    'measure-ms': { type: 'string', default: '5000' },
    'warmup-ms': { type: 'string', default: '1500' },
    algorithm: { type: 'string', default: 'greedy_distance' },
    /** Width of the player's area: 1100 px is a solve page on a 1280 px wide window. */
    'area-width': { type: 'string', default: '1100' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    /**
     * Runs Chromium under `nice -n N`: on a machine shared with builds, a negative value
     * (root only) measures what the player needs rather than what the other jobs leave it.
     */
    nice: { type: 'string' },
    /** Writes a Chrome trace (devtools.timeline) of the measured window, for chrome://tracing. */
    trace: { type: 'string' },
    /** Saves a PNG of the page after measuring, to look at what was played. */
    screenshot: { type: 'string' },
  },
});

/** What the bench page (src/player/bench/bench-main.tsx) leaves on its window. */
interface BenchWindow {
  __benchResult?: BenchResult;
  __benchError?: string;
  __benchPhase?: string;
}

interface BenchResult {
  robots: number;
  simulatedEndS: number;
  baselineIntervalsMs: number[];
  frameIntervalsMs: number[];
  frameWorkMs: number[];
  canvasSize: [number, number];
  simulatedClock: string;
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

async function main(): Promise<void> {
  const instance = JSON.parse(readFileSync(instancePath, 'utf8'));
  const solveStart = performance.now();
  const outcome = solve(
    buildProblem({ environment: instance.environment, tasks: instance.tasks, params: instance.params }),
    { algorithm: options.algorithm as 'greedy_distance', seed: 1 },
  );
  const { results } = outcome;
  const robots = Object.keys(results).length;
  console.log(
    `plan: xl1 with ${options.algorithm}: ${robots} robots, ${instance.tasks.length} deliveries, ` +
      `makespan ${outcome.stats.makespan_s} s, solved in ${Math.round(performance.now() - solveStart)} ms`,
  );

  const outDir = mkdtempSync(join(tmpdir(), 'fleetlab-player-bench-'));
  let server: Server | null = null;
  let browser: Browser | null = null;
  try {
    const [pagePath] = await buildPages(benchEntryDir, ['index.html'], outDir);
    writeFileSync(
      join(outDir, dirname(pagePath), 'bench-input.json'),
      JSON.stringify({
        environment: instance.environment,
        results,
        parameters: instance.params,
        warmupMs: Number(options['warmup-ms']),
        measureMs: Number(options['measure-ms']),
        areaWidthPx: Number(options['area-width']),
      }),
    );

    const served = await serveFolder(outDir, false);
    server = served.server;
    let executablePath = options.chromium;
    if (options.nice !== undefined) {
      executablePath = join(outDir, 'chromium-niced.sh');
      writeFileSync(executablePath, `#!/bin/sh\nexec nice -n ${Number(options.nice)} ${options.chromium} "$@"\n`, { mode: 0o755 });
      console.log(`chromium runs under nice -n ${Number(options.nice)}`);
    }
    browser = await launchChromium(executablePath, ['--disable-quic']);
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${served.origin}/${pagePath}`);
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
    await page.waitForFunction(() => (window as BenchWindow).__benchPhase === 'measuring' || (window as BenchWindow).__benchError !== undefined, null, {
      polling: 20,
      timeout: timeoutMs,
    });
    if (options.trace) await browser.startTracing(page, { path: options.trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const busyBefore = await busySeconds();
    await page.waitForFunction(() => (window as BenchWindow).__benchPhase !== 'measuring', null, { polling: 20, timeout: timeoutMs });
    const busyAfter = await busySeconds();
    if (options.trace) await browser.stopTracing();
    await page.waitForFunction(() => (window as BenchWindow).__benchResult !== undefined || (window as BenchWindow).__benchError !== undefined, null, {
      timeout: timeoutMs,
    });
    const error = await page.evaluate(() => (window as BenchWindow).__benchError);
    if (error) throw new Error(`bench page failed: ${error}`);
    if (pageErrors.length > 0) throw new Error(`bench page errors: ${pageErrors.join('; ')}`);
    const result = (await page.evaluate(() => (window as BenchWindow).__benchResult)) as BenchResult;
    if (options.screenshot) await page.screenshot({ path: options.screenshot, fullPage: true });

    const baseline = describe(result.baselineIntervalsMs);
    const intervals = describe(result.frameIntervalsMs);
    const measuredMs = result.frameIntervalsMs.reduce((sum, value) => sum + value, 0);
    const fps = (result.frameIntervalsMs.length / measuredMs) * 1000;
    const work = describe(result.frameWorkMs);
    const fmt = (value: number) => value.toFixed(2);
    const fpsOf = (values: readonly number[]) => (values.length / values.reduce((sum, value) => sum + value, 0)) * 1000;
    console.log(
      `machine: load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} on ${availableParallelism()} cores`,
    );
    console.log(
      `baseline (empty page, ${result.baselineIntervalsMs.length} frames): p50 ${fmt(baseline.p50)} ms, ` +
        `p95 ${fmt(baseline.p95)} ms, p99 ${fmt(baseline.p99)} ms, ${fpsOf(result.baselineIntervalsMs).toFixed(1)} fps`,
    );
    console.log(
      `player: ${result.robots} robots, simulated end ${result.simulatedEndS.toFixed(1)} s, ` +
        `canvas ${result.canvasSize[0]}x${result.canvasSize[1]} px, clock after measuring ${result.simulatedClock}`,
    );
    console.log(
      `frame interval over ${(measuredMs / 1000).toFixed(2)} s (${result.frameIntervalsMs.length} frames): ` +
        `p50 ${fmt(intervals.p50)} ms, p95 ${fmt(intervals.p95)} ms, p99 ${fmt(intervals.p99)} ms, ` +
        `max ${fmt(intervals.max)} ms, ${fps.toFixed(1)} fps`,
    );
    const perFrame = (seconds: number) => fmt((seconds * 1000) / Math.max(1, result.frameIntervalsMs.length));
    console.log(
      `main thread busy per frame while playing: ${perFrame(busyAfter.task - busyBefore.task)} ms ` +
        `(script ${perFrame(busyAfter.script - busyBefore.script)} ms, style+layout ${perFrame(busyAfter.layout - busyBefore.layout)} ms)`,
    );
    console.log(
      `frame work (sample 100 robots + draw, ${result.frameWorkMs.length} frames): ` +
        `p50 ${fmt(work.p50)} ms, p95 ${fmt(work.p95)} ms, p99 ${fmt(work.p99)} ms, mean ${fmt(work.mean)} ms`,
    );
    const verdict = intervals.p95 <= FRAME_BUDGET_MS + 0.5 ? 'PASS' : 'FAIL';
    console.log(`${verdict}: p95 frame interval ${fmt(intervals.p95)} ms against a ${fmt(FRAME_BUDGET_MS)} ms budget`);
    if (verdict === 'FAIL') process.exitCode = 1;
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
