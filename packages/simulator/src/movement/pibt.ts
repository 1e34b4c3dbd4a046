import type { Floor } from '@fleetlab/warehouse';
import type { FloorTraffic } from '../execution/floor-traffic.ts';
import { GuidePaths } from './guide-paths.ts';
import type { PreferredWalk } from './movement-policies.ts';
import { PriorityInheritancePolicy } from './priority-inheritance.ts';

/**
 * Plain PIBT: every robot heads for its goal along its shortest walk (cost to go = the floor's
 * walk length), whatever the others do. The baseline the congestion-aware policy is measured
 * against. Robots with acceleration and turns head along their least-time walk instead (cost to
 * go = the way to it and along it), so alone they drive their plan's walk.
 */
export class PibtPolicy extends PriorityInheritancePolicy {
  private readonly walks: GuidePaths | null;
  /** 1 for a robot with a new goal whose preferred walk is not taken yet. */
  private readonly unplanned: Uint8Array;

  constructor(
    floor: Floor,
    state: FloorTraffic,
    random: () => number,
    private readonly preferredWalk?: PreferredWalk,
  ) {
    super(floor, state, random);
    this.walks = preferredWalk ? new GuidePaths(floor, state.n) : null;
    this.unplanned = new Uint8Array(state.n).fill(1);
  }

  override chooseMoves(active: number[]): void {
    const { walks, preferredWalk, state } = this;
    if (walks && preferredWalk) {
      for (let robot = 0; robot < state.n; robot++) walks.advance(robot, state.pos[robot]);
      for (const robot of active) {
        if (!this.unplanned[robot]) continue;
        walks.follow(robot, preferredWalk(state.pos[robot], state.goal[robot]));
        this.unplanned[robot] = 0;
      }
    }
    super.chooseMoves(active);
  }

  override newGoal(robot: number): void {
    super.newGoal(robot);
    this.unplanned[robot] = 1;
  }

  protected costToGo(robot: number, cell: number): number {
    if (this.walks && !this.unplanned[robot]) return this.walks.costToGo(robot, cell);
    return this.state.field[robot][cell];
  }
}
