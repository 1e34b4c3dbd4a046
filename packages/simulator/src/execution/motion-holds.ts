import {
  type Floor,
  headingOfStep,
  quarterTurns,
  type RobotKinematics,
  type RobotWork,
  restHeading,
  speedChangeLossS,
} from '@fleetlab/warehouse';
import { SimulationError } from '../errors.ts';
import type { FloorTraffic } from './floor-traffic.ts';

/**
 * The discrete run's share of the robots' kinematics. The discrete run moves every robot one cell
 * a step at top speed and only decides the order robots take cells in; the timed floor then
 * drives that order with acceleration, braking and turns. An order decided on a clock where turns
 * and stops are free is one the real robots cannot keep: the robot that turns at a crossing was
 * let through ahead of one that in truth gets there first, the timed floor makes the second wait
 * for it, and those behind the second wait too. So here each robot owes the seconds its
 * manoeuvres cost beyond top speed and pays them in whole steps standing still, rounded so that
 * its debt stays within half a step: the order is decided on a clock close to the real one, as
 * LoRR's rotate actions do on a grid. What a robot owes:
 * - a turn where it was at speed: braking before it, the turn, starting after it;
 * - at a place it stops at (its goal): the braking. It faces the place's rest heading there, and
 *   sets off from it as a robot that stood: charging the turns in and out and the start as well
 *   made the docks' queues grow (docs/measurements.md, "Robot models").
 * A robot that stood waiting owes nothing to set off: it turned while it waited, and it sets out
 * as the one ahead of it does (the timed floor's moving block).
 *
 * A robot that pays stands in its cell; a robot that meant to move into that cell stands too (and
 * so on down the chain, round a rotation too), so the run stays collision-free.
 */
export class MotionHolds {
  private readonly heading: Int8Array;
  /** Whether the robot moved in the step before (it is at speed). */
  private readonly moving: Uint8Array;
  /** Seconds owed (negative: paid ahead). */
  private readonly debtS: Float64Array;
  /** The robots that stand with a robot that pays (`chainOf`). */
  private readonly chain: Int32Array;
  private readonly startS: number;
  private readonly brakeS: number;

  constructor(
    private readonly floor: Floor,
    robots: readonly RobotWork[],
    private readonly model: RobotKinematics,
    private readonly stepS: number,
  ) {
    this.heading = Int8Array.from(robots, (robot) => restHeading(floor, robot.startCell));
    this.moving = new Uint8Array(robots.length);
    this.debtS = new Float64Array(robots.length);
    this.chain = new Int32Array(robots.length + 1);
    const loss = speedChangeLossS(model);
    this.startS = loss.start;
    this.brakeS = loss.brake;
  }

  /**
   * After the policy chose the step's moves: a robot whose manoeuvre costs it half a step or more
   * stands this step instead (and the robots that meant to follow it into its cell).
   */
  holdBeforeMoves(state: FloorTraffic, active: readonly number[]): void {
    const { floor } = this;
    for (const robot of active) {
      const from = state.pos[robot];
      const to = state.next[robot];
      if (to === from || to < 0) continue;
      const direction = headingOfStep(floor.x(to) - floor.x(from), floor.y(to) - floor.y(from));
      if (direction < 0) continue;
      if (direction !== this.heading[robot]) {
        if (this.moving[robot]) {
          this.debtS[robot] += this.brakeS + this.turnS(robot, direction) + this.startS;
          this.moving[robot] = 0;
        }
        this.heading[robot] = direction;
      }
      if (this.debtS[robot] < this.stepS / 2) continue;
      const count = this.chainOf(state, robot);
      if (this.mayStand(state, count)) {
        this.debtS[robot] -= this.stepS;
        this.stand(state, count);
      }
    }
  }

  /** After the moves: who is at speed, and what a robot that reached its goal owes. */
  afterMoves(state: FloorTraffic, active: readonly number[], movedFrom: readonly number[]): void {
    for (let i = 0; i < active.length; i++) {
      const robot = active[i];
      if (state.pos[robot] === movedFrom[i]) {
        // Standing: its braking, if it was at speed, was spent in the wait.
        this.moving[robot] = 0;
        continue;
      }
      this.moving[robot] = 1;
      const cell = state.pos[robot];
      if (cell === state.goal[robot]) {
        const rest = restHeading(this.floor, cell);
        this.debtS[robot] += this.brakeS;
        this.heading[robot] = rest;
        this.moving[robot] = 0;
      }
    }
  }

  private turnS(robot: number, direction: number): number {
    return quarterTurns(this.heading[robot], direction) * this.model.quarterTurnS;
  }

  /**
   * The robot and, in turn, each robot that meant to move into the cell of the one before it: the
   * robots that stand with it, written to `chain`; returns how many. The chain ends, or closes on
   * itself round a rotation; it holds each robot at most once, so a longer one means two robots
   * share a cell.
   */
  private chainOf(state: FloorTraffic, robot: number): number {
    const { chain } = this;
    let current = robot;
    let count = 0;
    while (count <= state.n) {
      chain[count++] = current;
      const cell = state.pos[current];
      const follower = state.isHome(current, cell) ? -1 : state.reservedBy[cell];
      if (follower < 0 || follower === current || follower === robot || state.next[follower] !== cell) return count;
      current = follower;
    }
    throw new SimulationError(
      `Internal error: robots ${state.robots[robot].id} and ${state.robots[current].id} stand on one cell at step ${state.step}`,
    );
  }

  /**
   * Whether the first `count` robots of `chain` may all stand this step: none of them onto, on or
   * off a keep-clear cell. A robot crossing keep-clear cells drives its claimed run one cell a step
   * and never stops on one, and the robot whose cell it claimed as its way out must leave it; the
   * debt of such a robot waits for its next step on ordinary cells.
   */
  private mayStand(state: FloorTraffic, count: number): boolean {
    const { keepClear } = this.floor;
    for (let i = 0; i < count; i++) {
      const robot = this.chain[i];
      const cell = state.pos[robot];
      const next = state.next[robot];
      if (keepClear[cell] || (next >= 0 && keepClear[next]) || state.claimedBy[cell] !== -1) return false;
    }
    return true;
  }

  /** The first `count` robots of `chain` stay in their cells this step. */
  private stand(state: FloorTraffic, count: number): void {
    for (let i = 0; i < count; i++) {
      const robot = this.chain[i];
      state.release(robot, state.next[robot]);
      state.reserve(robot, state.pos[robot]);
    }
  }
}
