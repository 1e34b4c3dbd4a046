import type { Floor } from '@fleetlab/warehouse';
import type { FleetState } from '../execution/fleet-state.ts';
import { GuidePaths } from './guide-paths.ts';
import { PriorityInheritancePolicy } from './priority-inheritance.ts';

/**
 * A robot pushed off its guide path gets a new one from where it stands, at most this often (in
 * steps): the new path sees the traffic as it is now. More often gains nothing measurable on the
 * benchmark floors and costs searches.
 */
const REPLAN_EVERY_STEPS = 5;

/**
 * Congestion-aware movement: PIBT that follows guide paths (`GuidePaths`) instead of shortest
 * walks. A robot's guide path is chosen when it gets a goal, around the traffic the other
 * robots' guide paths will make, and chosen again when it has been pushed off it; PIBT ranks a
 * robot's moves by the way to its goal along that path. Every PIBT guarantee stands: no
 * conflicts, priorities that grow while a robot is kept from its goal, stuck robots boosted
 * through. A robot short of charge drops its guide path and takes the shortest walk, so it never
 * spends metres on a detour it cannot afford.
 */
export class GuidedPibtPolicy extends PriorityInheritancePolicy {
  private readonly guides: GuidePaths;
  /** 1 while the robot follows its guide path. */
  private readonly guided: Uint8Array;
  /** 1 for a robot with a new goal and no guide path to it yet: it gets one when it next moves, unless short of charge. */
  private readonly unplanned: Uint8Array;
  /** 1 for a robot reported short of charge since the last moves were chosen (the executor reports them every step). */
  private readonly short: Uint8Array;
  private readonly sincePlanned: Int32Array;

  constructor(floor: Floor, state: FleetState, random: () => number) {
    super(floor, state, random);
    this.guides = new GuidePaths(floor, state.n);
    this.guided = new Uint8Array(state.n);
    this.unplanned = new Uint8Array(state.n);
    this.short = new Uint8Array(state.n);
    this.sincePlanned = new Int32Array(state.n);
  }

  override chooseMoves(active: number[]): void {
    const { state, guides } = this;
    // Every robot, not only the active ones: one that parked on its goal has passed its last edges too.
    for (let robot = 0; robot < state.n; robot++) if (this.guided[robot]) guides.advance(robot, state.pos[robot]);
    for (const robot of active) {
      if (this.short[robot]) continue;
      if (this.unplanned[robot]) this.plan(robot);
      else if (this.guided[robot] && ++this.sincePlanned[robot] >= REPLAN_EVERY_STEPS) {
        const cell = state.pos[robot];
        if (cell !== state.goal[robot] && !guides.isOnPath(robot, cell)) this.plan(robot);
      }
    }
    super.chooseMoves(active);
    // Robots still short of charge are reported again after these moves.
    this.short.fill(0);
  }

  override newGoal(robot: number): void {
    super.newGoal(robot);
    this.drop(robot);
    this.unplanned[robot] = 1;
  }

  /** Short of charge: the robot walks its shortest way, and gets a guide path again with its next goal after it has charged. */
  override urgent(robot: number, slack: number): void {
    super.urgent(robot, slack);
    this.short[robot] = 1;
    this.drop(robot);
  }

  protected costToGo(robot: number, cell: number): number {
    return this.guided[robot] ? this.guides.costToGo(robot, cell) : this.state.field[robot][cell];
  }

  private plan(robot: number): void {
    this.guides.plan(robot, this.state.pos[robot], this.state.goal[robot]);
    this.guided[robot] = 1;
    this.unplanned[robot] = 0;
    this.sincePlanned[robot] = 0;
  }

  /** The robot follows no guide path (until it gets a new one). */
  private drop(robot: number): void {
    if (!this.guided[robot]) return;
    this.guides.release(robot);
    this.guided[robot] = 0;
  }
}
