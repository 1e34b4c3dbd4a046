// Entry of the demo recording page (built by scripts/record-demo-video.ts). It shows a
// completed solve the way the app does: the app's header, the solve's name, status and
// figures, and the real PathPlayer replaying the plan. The script drives the page's clock
// frame by frame and films it; this page only renders and reports what the script needs.

import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
// The app's stylesheet: the same Tailwind theme as every screen of the app.
import '../../src/index.css';
import { StatusBadge } from '../../src/components/ui/badges.tsx';
import { LogoMark } from '../../src/components/ui/logo.tsx';
import { PathPlayer, type PlayerEnvironment } from '../../src/player/path-player.tsx';
import { buildReplay, type SpeedMultiplier } from '../../src/player/player-state.ts';
import type { TrafficParameters } from '../../src/player/traffic-replay.ts';

/** What the recording script writes next to the page as demo-input.json. */
export interface DemoInput {
  readonly solveName: string;
  readonly environmentName: string;
  readonly algorithmLabel: string;
  readonly environment: PlayerEnvironment;
  readonly results: Record<string, unknown>;
  /** The solve's stats, as the player reads them (how the plan measured its legs). */
  readonly stats: Record<string, unknown>;
  readonly parameters: TrafficParameters;
  /** The figures shown above the player. */
  readonly figures: {
    readonly makespanS: number;
    readonly lowerBoundS: number;
    readonly totalDistanceM: number;
    readonly deliveries: number;
    readonly robots: number;
  };
}

/** What the page leaves on its window for the script. */
export interface DemoControl {
  /** Simulated seconds until every robot is done (the plan's clock). */
  readonly endTimeS: number;
  /** The robot that finishes last: the one whose route the recording traces. */
  readonly lastRobotId: string;
  /** Mounts the playing player at the given speed. */
  start(speed: SpeedMultiplier): void;
}

declare global {
  interface Window {
    __demo?: DemoControl;
    __demoError?: string;
  }
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="text-right">
      <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="font-mono text-sm text-slate-100">{value}</dd>
    </div>
  );
}

function DemoScreen({ input, speed }: { input: DemoInput; speed: SpeedMultiplier }) {
  const stats = input.figures;
  const gapPercent = ((stats.makespanS - stats.lowerBoundS) / stats.lowerBoundS) * 100;
  return (
    <div className="flex h-screen flex-col overflow-hidden bg-slate-950">
      <header className="border-b border-slate-800/80 bg-slate-950">
        <div className="flex h-12 items-center gap-6 px-4">
          <span className="inline-flex items-center gap-2">
            <LogoMark className="h-7 w-7" />
            <span className="text-base font-bold tracking-tight text-white">Fleetlab</span>
          </span>
          <nav aria-label="Main" className="flex gap-4 text-sm font-medium text-slate-400">
            <span>Dashboard</span>
            <span>Environments</span>
            <span>Scenarios</span>
            <span>Tasks</span>
            <span className="text-white">Solves</span>
          </nav>
        </div>
      </header>
      <main className="flex min-h-0 flex-1 flex-col gap-3 px-4 py-3">
        <div className="flex items-end justify-between gap-6">
          <div>
            <p className="text-xs text-slate-400">
              <span className="text-indigo-300">Solves</span> / {input.solveName}
            </p>
            <div className="mt-0.5 flex items-center gap-3">
              <h1 className="text-xl font-bold tracking-tight text-white">{input.solveName}</h1>
              <StatusBadge status="completed" />
              <span className="text-sm text-slate-400">
                {input.algorithmLabel} on {input.environmentName}
              </span>
            </div>
          </div>
          <dl className="flex gap-6">
            <Figure label="Makespan" value={`${stats.makespanS.toFixed(1)} s`} />
            <Figure label="Lower bound" value={`${stats.lowerBoundS.toFixed(1)} s`} />
            <Figure label="Gap" value={`${gapPercent.toFixed(1)} %`} />
            <Figure label="Distance" value={`${Math.round(stats.totalDistanceM).toLocaleString('en-US')} m`} />
            <Figure label="Deliveries" value={String(stats.deliveries)} />
            <Figure label="Robots" value={String(stats.robots)} />
          </dl>
        </div>
        <PathPlayer
          environment={input.environment}
          results={input.results}
          stats={input.stats}
          parameters={input.parameters}
          autoPlay
          initialSpeed={speed}
        />
      </main>
    </div>
  );
}

async function main(): Promise<void> {
  const input = (await (await fetch('./demo-input.json')).json()) as DemoInput;
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  // The replay the mounted player plays, at its default sliders.
  const replay = buildReplay(input, 'planned');
  if (replay.mode !== 'planned') throw new Error('the demo replays the plan');
  const { model } = replay;
  await document.fonts.ready;
  const reactRoot = createRoot(root);
  window.__demo = {
    endTimeS: model.endTime,
    lastRobotId: model.robots.reduce((last, robot) => (robot.endTime > last.endTime ? robot : last)).robotId,
    start(speed) {
      flushSync(() => reactRoot.render(<DemoScreen input={input} speed={speed} />));
    },
  };
}

main().catch((error: unknown) => {
  window.__demoError = error instanceof Error ? `${error.message}\n${error.stack}` : String(error);
});
