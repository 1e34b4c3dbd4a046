import type { Floor } from '@fleetlab/warehouse';
import type { FleetState } from '../execution/fleet-state.ts';
import type { MovementPolicy } from './movement-policy.ts';

/** Priority of a robot stuck for a period (times the periods), above even urgent robots: PIBT clears its way. */
const STUCK_BOOST = 1e6;
/** Priority of a robot short of charge: it outranks every other, the least slack first. */
const URGENT_PRIORITY = 1e9;

/**
 * PIBT (Okumura et al., "Priority inheritance with backtracking for iterative multi-agent path
 * finding", AIJ 2022): each step, robots in priority order pick the neighbouring cell (or their
 * own) closest to their goal; a robot that wants an occupied cell lends its priority to the
 * occupant, which must move first, and backtracks when the occupant cannot. No vertex or swap
 * conflict by construction, O(robots) per step, and a robot's priority grows while it is kept
 * from its goal, so every robot eventually gets through.
 */
export class PibtPolicy implements MovementPolicy {
  private readonly priority: Float64Array;
  private readonly candidates = new Int32Array(5);
  private readonly keys = new Float64Array(5);

  constructor(
    private readonly floor: Floor,
    private readonly state: FleetState,
    private readonly random: () => number,
  ) {
    this.priority = new Float64Array(state.n);
  }

  chooseMoves(active: number[]): void {
    active.sort((a, b) => this.priority[b] - this.priority[a]);
    for (const robot of active) if (this.state.next[robot] === -1) this.move(robot);
  }

  newGoal(robot: number): void {
    this.priority[robot] = robot / this.state.n;
  }

  urgent(robot: number, slack: number): void {
    this.priority[robot] = URGENT_PRIORITY - slack * 1000 + robot / this.state.n;
  }

  stuck(robot: number, periods: number, coin: number): void {
    this.priority[robot] = STUCK_BOOST * (periods + coin);
  }

  kept(robot: number): void {
    this.priority[robot] += 1;
  }

  /** PIBT's recursive step: true when the robot found a cell, false when it must stay and whoever pushed it must look elsewhere. */
  private move(robot: number): boolean {
    const { state, floor, candidates, keys } = this;
    const from = state.pos[robot];
    const distance = state.field[robot];
    let count = 0;
    for (let k = -1; k < 4; k++) {
      const cell = k < 0 ? from : floor.neighbours[from * 4 + k];
      if (cell < 0) continue;
      // A robot with no charge to spare only waits or moves closer: it cannot afford a detour.
      // It also waits two cells out while another robot stands on its goal, so the cells around
      // the goal stay free for that robot to leave (tight robots never step aside).
      if (state.tight[robot] && cell !== from && (distance[cell] > distance[from] || (distance[cell] === 1 && state.occupant[state.goal[robot]] !== -1))) continue;
      // Closer to the goal first; among equals a free cell, then a seeded coin.
      keys[count] = distance[cell] * 4 + (state.occupant[cell] !== -1 ? 2 : 0) + this.random();
      candidates[count++] = cell;
    }
    // The cells in order, copied: the recursion below reuses `candidates` and `keys`.
    const cells = [0, 1, 2, 3, 4]
      .slice(0, count)
      .sort((a, b) => keys[a] - keys[b])
      .map((index) => candidates[index]);
    for (const cell of cells) {
      if (!state.canEnter(robot, cell)) continue;
      if (cell !== from && state.swaps(from, cell)) continue;
      state.reserve(robot, cell);
      if (cell === from) return true;
      const other = state.occupant[cell];
      if (other !== -1 && other !== robot && state.next[other] === -1 && !this.move(other)) {
        state.release(robot, cell);
        continue;
      }
      return true;
    }
    // Nowhere to go: stay, which tells whoever pushed to look elsewhere.
    state.reserve(robot, from);
    return false;
  }
}
