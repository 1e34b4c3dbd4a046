import type { FloorParameters } from '@fleetlab/warehouse';

/** The floor's parameters as one run reads them. */
export interface ExecutionParameters extends FloorParameters {
  /** Times the day has been replayed because robots short of charge jammed (0 at first): widens the battery rule's detour margin. */
  replays: number;
}
