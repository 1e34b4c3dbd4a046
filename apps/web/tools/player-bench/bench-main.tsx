// Entry of the frame-time bench page (built by scripts/player-frame-bench.ts). It mounts the
// real PathPlayer on a plan and its execution served next to it (the input file and the replay
// mode come from the query string: ?input=xl1.json&mode=traffic), lets it play, and records
// the intervals between animation frames; then it times the per-frame work (sample + draw) on
// its own.

import type { ExecutionRecord } from '@fleetlab/warehouse';
import { createRoot } from 'react-dom/client';
// The app's stylesheet, so the player is laid out exactly as on the solve page.
import '../../src/index.css';
import { PathPlayer, type PlayerEnvironment } from '../../src/player/path-player.tsx';
import { buildReplay, sampleReplay, type Replay, type ReplayMode } from '../../src/player/player-state.ts';
import {
  buildPlayerScene,
  createFrameMemory,
  playerViewFor,
  prepareLayerCanvas,
  renderFrame,
  renderStaticLayer,
} from '../../src/player/render-player.ts';
import { createFleetStates } from '../../src/player/robot-state.ts';
import type { TrafficParameters } from '../../src/player/traffic-replay.ts';

/** What the bench script writes next to the page, one file per instance. */
export interface BenchInput {
  readonly environment: PlayerEnvironment;
  readonly results: Record<string, unknown>;
  readonly stats: Record<string, unknown>;
  readonly parameters: TrafficParameters;
  readonly execution: ExecutionRecord;
  readonly warmupMs: number;
  readonly measureMs: number;
  /** CSS width of the area the player lays out in (it sizes the map to fit). */
  readonly areaWidthPx: number;
}

export interface BenchResult {
  readonly robots: number;
  readonly mode: ReplayMode;
  readonly simulatedEndS: number;
  /** The same page with nothing mounted: what the machine and browser give at best. */
  readonly baselineIntervalsMs: number[];
  readonly frameIntervalsMs: number[];
  readonly frameWorkMs: number[];
  readonly canvasSize: [number, number];
  readonly simulatedClock: string;
}

declare global {
  interface Window {
    __benchResult?: BenchResult;
    __benchError?: string;
    /** 'measuring' while the player's frames are recorded, then 'measured'. */
    __benchPhase?: string;
  }
}

function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

async function recordFrameIntervals(durationMs: number): Promise<number[]> {
  const intervals: number[] = [];
  let previous = await nextFrame();
  const end = previous + durationMs;
  while (previous < end) {
    const now = await nextFrame();
    intervals.push(now - previous);
    previous = now;
  }
  return intervals;
}

/** The player's own per-frame work, isolated: sample every robot and draw one frame. */
function timeFrameWork(input: BenchInput, replay: Replay, frames: number): number[] {
  const states = createFleetStates(replay.model);
  const scene = buildPlayerScene(input.environment, replay.model);
  const view = playerViewFor(scene.layout.dimensions, 20, 1);
  const background = document.createElement('canvas');
  const backgroundContext = prepareLayerCanvas(background, view.width, view.height);
  if (backgroundContext) renderStaticLayer(backgroundContext, scene, view);
  const canvas = document.createElement('canvas');
  document.body.append(canvas);
  const context = prepareLayerCanvas(canvas, view.width, view.height);
  if (!context) throw new Error('no 2D context');
  const memory = createFrameMemory(replay.model.robots.length);
  const options = { selectedRobot: -1, showLabels: false, cellBound: replay.mode === 'traffic' };
  const work: number[] = [];
  for (let frame = 0; frame < frames; frame += 1) {
    const time = (replay.model.endTime * frame) / frames;
    const start = performance.now();
    sampleReplay(replay, time, states);
    renderFrame(context, background, scene, view, replay.model, states, options, memory);
    // Reading one pixel forces the raster work to finish inside the timed span.
    context.getImageData(0, 0, 1, 1);
    work.push(performance.now() - start);
  }
  canvas.remove();
  return work;
}

async function main(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const mode: ReplayMode = query.get('mode') === 'traffic' ? 'traffic' : 'planned';
  const input = (await (await fetch(`./${query.get('input') ?? 'bench-input.json'}`)).json()) as BenchInput;
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  root.style.width = `${input.areaWidthPx}px`;
  const baselineIntervalsMs = await recordFrameIntervals(input.measureMs);
  createRoot(root).render(
    <PathPlayer
      environment={input.environment}
      results={input.results}
      stats={input.stats}
      parameters={input.parameters}
      execution={input.execution}
      initialMode={mode}
      autoPlay
    />,
  );
  await new Promise((resolve) => setTimeout(resolve, input.warmupMs));
  window.__benchPhase = 'measuring';
  const frameIntervalsMs = await recordFrameIntervals(input.measureMs);
  window.__benchPhase = 'measured';
  const simulatedClock = document.querySelector('[aria-label="Simulated time"]')?.textContent ?? '';
  const canvas = document.querySelector('canvas');
  // The replay the mounted player plays: same models, same slider defaults, same traffic ease.
  const replay = buildReplay(input, mode);
  const work = timeFrameWork(input, replay, 300);
  window.__benchResult = {
    robots: replay.model.robots.length,
    mode,
    simulatedEndS: replay.model.endTime,
    baselineIntervalsMs,
    frameIntervalsMs,
    frameWorkMs: work,
    canvasSize: [canvas?.width ?? 0, canvas?.height ?? 0],
    simulatedClock,
  };
}

main().catch((error: unknown) => {
  window.__benchError = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
});
