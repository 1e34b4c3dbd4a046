/**
 * How a shift hands released orders to robots while it runs (`DISPATCH_POLICIES` in the
 * warehouse package): called at every step before the work cycle's events (charges ending,
 * handling ending, chargers handed out) and the moves, it gives robots work through the
 * `WorkCycle`. A robot whose handling or charge ends at a step gets new work at the next.
 */
export interface ShiftDispatcher {
  step(step: number): void;
  /** Re-plans made so far (reoptimise). */
  readonly replans: number;
  /** The planner's improvement iterations over all re-plans. */
  readonly iterations: number;
  /**
   * The robot broke down (`FloorTraffic.repairedAt` says until when): the orders it holds and
   * has not picked up go to other robots; one it carries stays with it. It takes no new order
   * until it is repaired.
   */
  brokeDown?(robot: number, step: number): void;
}
