import type { FloorParameters } from '@fleetlab/warehouse';

/** The floor's parameters as one run reads them. */
export interface ExecutionParameters extends FloorParameters {
  /** Scales the detour reserve of the battery rule (1 at first; raised when a jam forces a replay). */
  reserveScale: number;
}
