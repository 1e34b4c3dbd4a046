import type { FloorTraffic } from './floor-traffic.ts';

/**
 * Notices robots that make no progress towards their goal. Each period of `stuckSteps` without
 * getting closer draws the robot a new boost from the movement policy (two robots stuck on each
 * other, one in a dead end and one at its mouth, get a fresh coin for who goes first, until the
 * right one does); getting closer after a boost counts as a deadlock resolved; a robot without
 * progress for `failSteps` is hopelessly stuck.
 */
export class ProgressWatch {
  deadlocksResolved = 0;
  private readonly bestDistance: Int32Array;
  private readonly sinceProgress: Int32Array;
  private readonly stuck: Uint8Array;

  constructor(
    private readonly state: FloorTraffic,
    private readonly stuckSteps: number,
    private readonly failSteps: number,
  ) {
    this.bestDistance = new Int32Array(state.n);
    this.sinceProgress = new Int32Array(state.n);
    this.stuck = new Uint8Array(state.n);
  }

  /** The robot has a new goal: progress is measured from here. */
  reset(robot: number): void {
    this.bestDistance[robot] = this.state.field[robot][this.state.pos[robot]];
    this.sinceProgress[robot] = 0;
  }

  /**
   * After a step: 'progress', 'stuck' (a new period without progress began: boost it, `periods`
   * says how many), 'waiting' or 'hopeless'. A `held` robot (kept by a robot that stopped, a delay
   * or a breakdown) waits without the step counting: the resolver does not fight a stop.
   */
  check(
    robot: number,
    held = false,
  ): { verdict: 'progress' | 'waiting' | 'hopeless' } | { verdict: 'stuck'; periods: number } {
    const distance = this.state.field[robot][this.state.pos[robot]];
    if (distance < this.bestDistance[robot]) {
      this.bestDistance[robot] = distance;
      this.sinceProgress[robot] = 0;
      if (this.stuck[robot]) {
        this.stuck[robot] = 0;
        this.deadlocksResolved++;
      }
      return PROGRESS;
    }
    if (held) return WAITING;
    const since = ++this.sinceProgress[robot];
    if (since % this.stuckSteps === 0 && since <= this.failSteps) {
      this.stuck[robot] = 1;
      return { verdict: 'stuck', periods: since / this.stuckSteps };
    }
    return since > this.failSteps ? HOPELESS : WAITING;
  }
}

const PROGRESS = { verdict: 'progress' } as const;
const WAITING = { verdict: 'waiting' } as const;
const HOPELESS = { verdict: 'hopeless' } as const;
