// Entry of the frame-time bench page (built by scripts/player-frame-bench.ts). It mounts the
// real PathPlayer on a plan served next to it, lets it play, and records the intervals
// between animation frames; then it times the per-frame work (sample + draw) on its own.

import { createRoot } from 'react-dom/client';
// The app's stylesheet, so the player is laid out exactly as on the solve page.
import '../../index.css';
import { robotPlansOf, type PlanParameters } from '../../lib/format.ts';
import { buildFleetModel, createFleetStates, DEFAULT_MOTION_SETTINGS, sampleFleet } from '../motion-model.ts';
import { nodePositionsOf } from '../node-positions.ts';
import { PathPlayer, type PlayerEnvironment } from '../path-player.tsx';
import { buildPlayerScene, createFrameMemory, playerViewFor, prepareLayerCanvas, renderFrame, renderStaticLayer } from '../render-player.ts';

interface BenchInput {
  readonly environment: PlayerEnvironment;
  readonly results: Record<string, unknown>;
  readonly parameters: PlanParameters;
  readonly warmupMs: number;
  readonly measureMs: number;
  /** CSS width of the area the player lays out in (it sizes the map to fit). */
  readonly areaWidthPx: number;
}

export interface BenchResult {
  readonly robots: number;
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

/** The player's own per-frame work, isolated: sample 100 robots and draw one frame. */
function timeFrameWork(input: BenchInput, frames: number): { work: number[]; size: [number, number] } {
  const plans = robotPlansOf(input.results);
  const model = buildFleetModel(plans, nodePositionsOf(input.environment), DEFAULT_MOTION_SETTINGS, input.parameters);
  const states = createFleetStates(model);
  const scene = buildPlayerScene(input.environment, model);
  const view = playerViewFor(scene.layout.dimensions, 20, 1);
  const background = document.createElement('canvas');
  const backgroundContext = prepareLayerCanvas(background, view.width, view.height);
  if (backgroundContext) renderStaticLayer(backgroundContext, scene, view);
  const canvas = document.createElement('canvas');
  document.body.append(canvas);
  const context = prepareLayerCanvas(canvas, view.width, view.height);
  if (!context) throw new Error('no 2D context');
  const memory = createFrameMemory(model.robots.length);
  const work: number[] = [];
  for (let frame = 0; frame < frames; frame += 1) {
    const time = (model.endTime * frame) / frames;
    const start = performance.now();
    sampleFleet(model, time, states);
    renderFrame(context, background, scene, view, model, states, { selectedRobot: -1, showLabels: false }, memory);
    // Reading one pixel forces the raster work to finish inside the timed span.
    context.getImageData(0, 0, 1, 1);
    work.push(performance.now() - start);
  }
  canvas.remove();
  return { work, size: [view.width, view.height] };
}

async function main(): Promise<void> {
  const input = (await (await fetch('./bench-input.json')).json()) as BenchInput;
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  root.style.width = `${input.areaWidthPx}px`;
  const baselineIntervalsMs = await recordFrameIntervals(input.measureMs);
  createRoot(root).render(
    <PathPlayer environment={input.environment} results={input.results} parameters={input.parameters} autoPlay />,
  );
  await new Promise((resolve) => setTimeout(resolve, input.warmupMs));
  window.__benchPhase = 'measuring';
  const frameIntervalsMs = await recordFrameIntervals(input.measureMs);
  window.__benchPhase = 'measured';
  const simulatedClock = document.querySelector('[aria-label="Simulated time"]')?.textContent ?? '';
  const canvas = document.querySelector('canvas');
  const { work } = timeFrameWork(input, 300);
  const plans = robotPlansOf(input.results);
  const model = buildFleetModel(plans, nodePositionsOf(input.environment), DEFAULT_MOTION_SETTINGS, input.parameters);
  window.__benchResult = {
    robots: plans.length,
    simulatedEndS: model.endTime,
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
