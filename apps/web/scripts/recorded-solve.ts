// A completed solve as the player's dev scripts and tests read it: the environment, the
// parameters, the plan with its stats and the execution on the shared floor, recorded once
// by scripts/record-player-fixtures.ts (with the repository's fleetlab-solve and
// fleetlab-simulate commands) and committed as gzipped JSON under scripts/fixtures/.

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { ExecutionRecord } from '@fleetlab/warehouse';
import type { PlayerEnvironment } from '../src/player/path-player.tsx';

export interface RecordedSolve {
  /** What was solved, and how: 'xl1 with greedy_distance'. */
  readonly label: string;
  /** The environment without its navigation graph (the player draws plans made on the floor along its walks). */
  readonly environment: PlayerEnvironment & { readonly name?: string };
  readonly parameters: Record<string, unknown>;
  readonly results: Record<string, unknown>;
  readonly stats: Record<string, unknown>;
  /** Absent where only the plan was recorded (the demo video replays the plan). */
  readonly execution?: ExecutionRecord;
}

/** Reads a recorded solve (`.json.gz`). */
export function readRecordedSolve(path: string): RecordedSolve {
  return JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as RecordedSolve;
}
