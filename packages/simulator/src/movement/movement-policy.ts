/**
 * How robots move on the shared floor, step by step. The executor owns the robots' work and
 * batteries and asks the policy, once per step, where every active robot stands next. A policy
 * writes `state.next[robot]` (and `state.reservedBy`) for every robot it is given, so that no
 * two robots stand on one cell and no two swap cells (station cells excepted for their own
 * robots), and honours `state.tight`: a tight robot only waits or steps closer to its goal.
 *
 * The executor also tells the policy how robots fare, so it can rank them: a robot that got a
 * new goal, one short of charge (it must not be pushed off its way), one stuck for a period (it
 * must get through), one kept another step from its goal.
 */
export interface MovementPolicy {
  /**
   * Decide the next cell of each robot in `active` (robots handling stay where they are: the
   * executor reserves them first). Leaves `active` in the order the robots were served, which is
   * the order the executor then moves them in.
   */
  chooseMoves(active: number[]): void;
  /** The robot has a new goal (`state.goal`, `state.field`). */
  newGoal(robot: number): void;
  /** The robot is short of charge: `slack` metres to spare after its remaining work. */
  urgent(robot: number, slack: number): void;
  /** The robot has made no progress for `periods` periods; `coin` is a seeded draw in [0, 1) to break ties between stuck robots. */
  stuck(robot: number, periods: number, coin: number): void;
  /** The robot ended a step away from its goal. */
  kept(robot: number): void;
  /**
   * The robot waits where it stands with nowhere to be yet (held for its dropoff): it yields to
   * every robot. With `near`, a distance field, it is never pushed to a cell more than one step
   * further along it than where it stands (until its next goal).
   */
  standAside(robot: number, near?: Int32Array): void;
  /**
   * A breakdown began or a repair ended: `state.blockedCell` changed, and the robots' distance
   * fields (`state.field`) now lead round the blocked cells. A policy with routes of its own
   * re-routes the robots they would take through a blocked cell.
   */
  blockedCellsChanged?(): void;
}
