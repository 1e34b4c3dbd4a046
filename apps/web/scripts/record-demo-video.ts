// Records the landing page's demo video from Fleetlab itself: the real path simulation
// player replaying a real solver plan (recorded by scripts/record-player-fixtures.ts), filmed
// in headless Chromium.
//
//   npx tsx apps/web/scripts/record-demo-video.ts                  # writes apps/web/public/demo/fleetlab-demo.webm
//   npx tsx apps/web/scripts/record-demo-video.ts --check-landing  # also builds the app and checks the video plays on /
//
// It takes about a minute on two cores and prints the file's size, duration and resolution.
// Re-record after a visible change to the player or the app's look, and commit the .webm.
//
// Options: --fixture scripts/fixtures/demo-m1.json.gz (a recorded solve: m1 planned by the
// makespan optimiser), --width 1280 --height 720, --frame-ms 32, --max-seconds 18, --hold-seconds 2,
// --key-quantizer 20 --quantizer 48, --keyframe-seconds 4, --chromium /usr/bin/chromium,
// --out <file.webm>.
//
// How it works, and why:
// 1. reads the recorded plan and writes it as demo-input.json next to the demo page
//    (tools/player-demo/), bundled with Vite and the app's Tailwind setup into a temporary
//    folder served on a random local port;
// 2. opens the page at a fixed viewport with Playwright's fake clock installed, mounts the
//    PathPlayer (autoPlay, the slowest speed at which the whole plan fits the video), selects
//    the last robot to finish a third of the way in (its remaining route is traced), and
//    steps the clock one video frame at a time, taking a screenshot after each step. Stepping
//    the clock rather than filming in real time makes every frame exact and evenly spaced
//    whatever the (shared) machine is doing; getDisplayMedia does not start in headless
//    Chromium ("NotReadableError: Could not start video source"), and MediaRecorder files
//    carry no duration, so a <video> shows an unknown length and cannot seek;
// 3. a second page (tools/player-demo/encoder-main.ts) encodes the screenshots with Chromium's
//    own WebCodecs VP9 encoder at a constant quantizer, and the encoded frames come back to
//    Node in base64 batches;
// 4. tools/player-demo/webm-muxer.ts packages them into a WebM with Duration and Cues;
// 5. the written file is loaded in a <video> in Chromium: the script asserts a duration over
//    10 s, decoded frames (readyState >= 2, videoWidth > 0, a frame with real content after a
//    seek) and that playback advances.
// With --check-landing it then builds the whole app into a temporary folder, serves it and
// asserts that the video on / is playing (currentTime advancing).

import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { build } from 'vite';
import { algorithmByIdOrName } from '@fleetlab/warehouse';
import type { DemoInput } from '../tools/player-demo/demo-main.tsx';
import type { VideoCheck } from '../tools/player-demo/encoder-main.ts';
import { muxWebm, type WebmEncodedFrame } from '../tools/player-demo/webm-muxer.ts';
import { SIMULATED_SECONDS_PER_SECOND, type SpeedMultiplier } from '../src/player/player-state.ts';
import { buildPages, closeServer, launchChromium, serveFolder, webRoot } from './headless-page-kit.ts';
import { readRecordedSolve } from './recorded-solve.ts';

const demoEntryDir = join(webRoot, 'tools/player-demo');
const DEFAULT_OUTPUT = join(webRoot, 'public/demo/fleetlab-demo.webm');
/** The speeds the player offers that make a good demo, slowest first. */
const DEMO_SPEEDS: readonly SpeedMultiplier[] = [1, 2, 4];
/** Encoded frames fetched from the encoder page per round trip (base64 inside JSON). */
const TRANSFER_BATCH_FRAMES = 40;
/** The verification needs at least this much video. */
const MIN_DURATION_S = 10;
/** Wall time the checks let a video play before reading currentTime again. */
const PLAY_CHECK_MS = 1500;

const { values: options } = parseArgs({
  options: {
    fixture: { type: 'string', default: join(webRoot, 'scripts/fixtures/demo-m1.json.gz') },
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '720' },
    /** Two animation frames at 60 Hz: every video frame advances the player by the same step. */
    'frame-ms': { type: 'string', default: '32' },
    'max-seconds': { type: 'string', default: '18' },
    /** Time the finished state ('Simulation complete') stays on screen before the loop restarts. */
    'hold-seconds': { type: 'string', default: '2' },
    /**
     * VP9 quantizers (0 best .. 63 smallest) of key frames and of the frames between them.
     * Constant quality rather than a bitrate target: with a bitrate, libvpx starves the key
     * frames (the picture turns blurry at each one, then sharpens) and leaves stale text.
     */
    'key-quantizer': { type: 'string', default: '20' },
    quantizer: { type: 'string', default: '48' },
    'keyframe-seconds': { type: 'string', default: '4' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    out: { type: 'string', default: DEFAULT_OUTPUT },
    'check-landing': { type: 'boolean', default: false },
  },
});

const viewport = { width: Number(options.width), height: Number(options.height) };
const frameMs = Number(options['frame-ms']);

function demoPlan(): DemoInput {
  const recorded = readRecordedSolve(options.fixture);
  const stats = recorded.stats as {
    algorithm: string;
    makespan_s: number;
    lower_bound_s: number;
    total_distance_m: number;
    deliveries: number;
  };
  const algorithm = algorithmByIdOrName(stats.algorithm);
  if (!algorithm) throw new Error(`${options.fixture}: unknown algorithm ${stats.algorithm}`);
  const robots = Object.keys(recorded.results).length;
  console.log(
    `plan: ${recorded.label}: ${robots} robots, ${stats.deliveries} deliveries, makespan ${stats.makespan_s} s (lower bound ${stats.lower_bound_s} s)`,
  );
  const name = recorded.environment.name ?? 'Warehouse';
  return {
    solveName: `Solve for ${name}`,
    environmentName: name,
    algorithmLabel: algorithm.label,
    environment: recorded.environment,
    results: recorded.results,
    stats: recorded.stats,
    parameters: recorded.parameters,
    figures: {
      makespanS: stats.makespan_s,
      lowerBoundS: stats.lower_bound_s,
      totalDistanceM: stats.total_distance_m,
      deliveries: stats.deliveries,
      robots,
    },
  };
}

/** Paths of the demo page and the encoder page inside the served folder. */
interface DemoPages {
  readonly demo: string;
  readonly encoder: string;
}

/** Bundles the demo and encoder pages with the app's Vite plugins, the plan next to them. */
async function buildDemoPages(outDir: string, input: DemoInput): Promise<DemoPages> {
  const [demo, encoder] = await buildPages(demoEntryDir, ['index.html', 'encoder.html'], outDir);
  const pages = { demo, encoder };
  writeFileSync(join(outDir, dirname(pages.demo), 'demo-input.json'), JSON.stringify(input));
  return pages;
}

/** The speed at which the whole plan plays within the video, and how long the video runs. */
function recordingPlan(endTimeS: number): { speed: SpeedMultiplier; playSeconds: number; totalSeconds: number } {
  const maxSeconds = Number(options['max-seconds']);
  const holdSeconds = Number(options['hold-seconds']);
  const playSecondsAt = (speed: number) => endTimeS / (speed * SIMULATED_SECONDS_PER_SECOND);
  const speed =
    DEMO_SPEEDS.find((candidate) => playSecondsAt(candidate) + holdSeconds <= maxSeconds) ??
    DEMO_SPEEDS[DEMO_SPEEDS.length - 1];
  const playSeconds = playSecondsAt(speed);
  return { speed, playSeconds, totalSeconds: Math.min(maxSeconds, playSeconds + holdSeconds) };
}

/** Lets the page's own tasks (React's scheduler, resize observers) run: they are not on the fake clock. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolveSettled) => {
        const channel = new MessageChannel();
        let rounds = 0;
        channel.port1.onmessage = () => {
          rounds += 1;
          if (rounds < 3) channel.port2.postMessage(null);
          else resolveSettled();
        };
        channel.port2.postMessage(null);
      }),
  );
}

/** Calls the encoder page's API (tools/player-demo/encoder-main.ts). */
function encoderOf(page: Page) {
  return {
    start: (config: VideoEncoderConfig) =>
      page.evaluate((encoderConfig) => window.__demoEncoder!.start(encoderConfig), config),
    encodePng: (png: Buffer, timestampUs: number, keyFrame: boolean) =>
      page.evaluate(
        ({ base64, timestamp, duration, key, quantizer }) =>
          window.__demoEncoder!.encodePng(base64, timestamp, duration, key, quantizer),
        {
          base64: png.toString('base64'),
          timestamp: timestampUs,
          duration: frameMs * 1000,
          key: keyFrame,
          quantizer: Number(keyFrame ? options['key-quantizer'] : options.quantizer),
        },
      ),
    finish: () => page.evaluate(() => window.__demoEncoder!.finish()),
    batch: (from: number, to: number) =>
      page.evaluate((range) => window.__demoEncoder!.batch(range.from, range.to), { from, to }),
    checkVideo: (src: string, playForMs: number) =>
      page.evaluate((video) => window.__demoEncoder!.checkVideo(video.src, video.playForMs), { src, playForMs }),
  };
}

async function openEncoderPage(
  context: BrowserContext,
  origin: string,
  encoderPath: string,
): Promise<ReturnType<typeof encoderOf>> {
  const page = await context.newPage();
  await page.goto(`${origin}/${encoderPath}`);
  await page.waitForFunction(() => window.__demoEncoder !== undefined);
  return encoderOf(page);
}

async function collectEncodedFrames(encoder: ReturnType<typeof encoderOf>): Promise<WebmEncodedFrame[]> {
  const count = await encoder.finish();
  const frames: WebmEncodedFrame[] = [];
  for (let start = 0; start < count; start += TRANSFER_BATCH_FRAMES) {
    for (const frame of await encoder.batch(start, start + TRANSFER_BATCH_FRAMES)) {
      frames.push({
        timestampMs: Math.round(frame.timestampUs / 1000),
        keyFrame: frame.keyFrame,
        data: new Uint8Array(Buffer.from(frame.base64, 'base64')),
      });
    }
  }
  return frames;
}

async function recordDemo(browser: Browser, origin: string, pages: DemoPages): Promise<WebmEncodedFrame[]> {
  const demoContext = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'no-preference' });
  const encoderContext = await browser.newContext();
  try {
    const page = await demoContext.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The fake clock drives requestAnimationFrame, timers and Date from here on.
    await page.clock.install({ time: 0 });
    await page.goto(`${origin}/${pages.demo}`);
    await page.waitForFunction(() => window.__demo !== undefined || window.__demoError !== undefined);
    const demoError = await page.evaluate(() => window.__demoError);
    if (demoError) throw new Error(`demo page failed: ${demoError}`);
    const { endTimeS, lastRobotId } = await page.evaluate(() => {
      const demo = window.__demo!;
      return { endTimeS: demo.endTimeS, lastRobotId: demo.lastRobotId };
    });
    const plan = recordingPlan(endTimeS);
    const frameCount = Math.round((plan.totalSeconds * 1000) / frameMs);
    const keyFrameEvery = Math.max(1, Math.round((Number(options['keyframe-seconds']) * 1000) / frameMs));
    // A third of the way in, the robot that finishes last is selected, as a planner would, to
    // trace its remaining route.
    const selectFrame = Math.round(frameCount * 0.3);
    console.log(
      `recording: ${frameCount} frames of ${frameMs} ms (${plan.totalSeconds.toFixed(1)} s) at ${viewport.width}x${viewport.height}, ` +
        `player at ${plan.speed}x plays ${endTimeS.toFixed(1)} simulated s in ${plan.playSeconds.toFixed(1)} s`,
    );

    await page.clock.pauseAt(60_000);
    await page.evaluate((speed) => window.__demo!.start(speed), plan.speed);
    await settle(page);

    const encoder = await openEncoderPage(encoderContext, origin, pages.encoder);
    const encoderError = await encoder.start({
      // VP9 profile 0, level 3.1 (up to 1280x720), 8 bit.
      codec: 'vp09.00.31.08',
      width: viewport.width,
      height: viewport.height,
      bitrateMode: 'quantizer',
      framerate: 1000 / frameMs,
      latencyMode: 'quality',
    });
    if (encoderError) throw new Error(encoderError);

    const started = performance.now();
    for (let index = 0; index < frameCount; index += 1) {
      if (index > 0) await page.clock.runFor(frameMs);
      if (index === selectFrame) {
        const selected = await page.evaluate((robotId) => {
          const button = document.querySelector<HTMLButtonElement>(
            `button[aria-label="Trace the route of ${robotId}"]`,
          );
          button?.click();
          return button !== null;
        }, lastRobotId);
        if (!selected) throw new Error(`no 'Trace the route of ${lastRobotId}' button in the robot table`);
      }
      await settle(page);
      const png = await page.screenshot({ type: 'png' });
      const failure = await encoder.encodePng(png, index * frameMs * 1000, index % keyFrameEvery === 0);
      if (failure) throw new Error(`encoder: ${failure}`);
      if ((index + 1) % 100 === 0)
        console.log(`  ${index + 1} / ${frameCount} frames (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    if (pageErrors.length > 0) throw new Error(`demo page errors: ${pageErrors.join('; ')}`);
    const clockText = await page.locator('[aria-label="Simulated time"]').textContent();
    console.log(`  last frame: player clock ${clockText?.trim()}`);
    // Awaited here: the encoder page must outlive the transfer, and `finally` closes it.
    return await collectEncodedFrames(encoder);
  } finally {
    await demoContext.close();
    await encoderContext.close();
  }
}

async function checkLanding(browser: Browser): Promise<void> {
  const appDir = mkdtempSync(join(tmpdir(), 'fleetlab-landing-check-'));
  let server: Server | null = null;
  try {
    await build({
      configFile: join(webRoot, 'vite.config.ts'),
      root: webRoot,
      logLevel: 'warn',
      build: { outDir: appDir, emptyOutDir: true },
    });
    const served = await serveFolder(appDir, true);
    server = served.server;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${served.origin}/`);
      const video = page.locator('video[aria-label="Fleetlab product demo"]');
      await video.scrollIntoViewIfNeeded({ timeout: 15_000 });
      await page.waitForFunction(
        () => {
          const element = document.querySelector<HTMLVideoElement>('video[aria-label="Fleetlab product demo"]');
          return element !== null && element.readyState >= 2 && element.currentTime > 0;
        },
        null,
        { timeout: 15_000 },
      );
      const sample = () =>
        video.evaluate((element: HTMLVideoElement) => ({
          currentTime: element.currentTime,
          paused: element.paused,
          autoplay: element.autoplay,
          muted: element.muted,
          loop: element.loop,
          controls: element.controls,
          src: element.currentSrc,
          width: element.videoWidth,
          height: element.videoHeight,
        }));
      const first = await sample();
      await page.waitForTimeout(PLAY_CHECK_MS);
      const second = await sample();
      const advanced = second.currentTime - first.currentTime;
      console.log(
        `landing /: ${new URL(second.src).pathname} ${second.width}x${second.height}, autoplay ${second.autoplay}, muted ${second.muted}, ` +
          `loop ${second.loop}, controls ${second.controls}, paused ${second.paused}, currentTime ${first.currentTime.toFixed(2)} -> ${second.currentTime.toFixed(2)} s`,
      );
      if (second.paused || advanced <= 0.5) throw new Error('the landing page video is not playing');
    } finally {
      await context.close();
    }
  } finally {
    await closeServer(server);
    rmSync(appDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const input = demoPlan();
  const outDir = mkdtempSync(join(tmpdir(), 'fleetlab-demo-video-'));
  let server: Server | null = null;
  let browser: Browser | null = null;
  try {
    const pages = await buildDemoPages(outDir, input);
    const served = await serveFolder(outDir, false);
    server = served.server;
    browser = await launchChromium(options.chromium, [
      '--hide-scrollbars',
      '--autoplay-policy=no-user-gesture-required',
    ]);

    const frames = await recordDemo(browser, served.origin, pages);
    const file = muxWebm(
      { codecId: 'V_VP9', width: viewport.width, height: viewport.height, frameDurationMs: frameMs },
      frames,
      {
        writingApp: 'Fleetlab record-demo-video',
      },
    );
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, file);

    copyFileSync(options.out, join(outDir, 'demo-check.webm'));
    const checkContext = await browser.newContext();
    let check: VideoCheck;
    try {
      const checker = await openEncoderPage(checkContext, served.origin, pages.encoder);
      check = await checker.checkVideo(`${served.origin}/demo-check.webm`, PLAY_CHECK_MS);
    } finally {
      await checkContext.close();
    }
    const sizeBytes = statSync(options.out).size;
    console.log(
      `wrote ${relative(process.cwd(), options.out)}: ${(sizeBytes / 1024 / 1024).toFixed(2)} MB (${sizeBytes} bytes), ` +
        `${check.durationS.toFixed(2)} s, ${check.width}x${check.height}, VP9, ${frames.length} frames, ` +
        `${Math.round((sizeBytes * 8) / check.durationS / 1000)} kbit/s`,
    );
    console.log(
      `check: readyState ${check.readyState}, seek to ${check.seekedToS.toFixed(2)} s decoded a frame with ${check.distinctLevels} grey levels, ` +
        `playback advanced ${check.advancedS.toFixed(2)} s in ${PLAY_CHECK_MS / 1000} s`,
    );
    const problems = [
      !(check.durationS > MIN_DURATION_S) && `duration ${check.durationS} s is not over ${MIN_DURATION_S} s`,
      check.readyState < 2 && `readyState ${check.readyState} < 2`,
      !(check.width > 0) && 'videoWidth is 0',
      check.distinctLevels < 16 && 'the decoded frame is blank',
      !(check.advancedS > 0.5) && 'playback does not advance',
    ].filter(Boolean);
    if (problems.length > 0) throw new Error(`the written video fails its check: ${problems.join('; ')}`);

    if (options['check-landing']) await checkLanding(browser);
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
