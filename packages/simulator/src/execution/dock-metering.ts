import type { Floor, FreeFlowRobot, RobotWork } from '@fleetlab/warehouse';
import { type FloorTraffic, Mode, Phase } from './floor-traffic.ts';

/**
 * A robot held at its pickup for its dropoff (`DockMetering`): from `startStep` it stood there,
 * and set out at `endStep`, once `leftBefore` visits of the dropoff's cell had ended (robots had
 * left it). The timed floor holds the robot for the same visits (timed-floor.ts).
 */
export interface DockHold {
  startStep: number;
  endStep: number;
  dockCell: number;
  leftBefore: number;
}

/**
 * Steps of visits a dropoff may have queued beyond those it can serve while the next robot drives
 * there: enough that it never runs dry while robots brake, turn in and wait in traffic, few enough
 * that the queue stays beside the dock rather than filling the aisles. Measured with greedy's
 * plans (executed s, no metering / 30 / 50 / 80 / 120 steps): d20k with drive units 31,646 /
 * - / 17,337 / 17,731 / 19,458; its discrete run 20,983 / 17,253 / 13,427 / 13,121 / -; dense with
 * drive units 3,792 / - / 2,931 / 3,098 / 3,326.
 */
export const SPARE_STEPS = 50;

/**
 * Visits robots wait at a dropoff on average in the plan (each alone on the floor, docks first
 * come, first served), above which it is metered: busy all day. The bench's plans with drive units
 * wait 0.2-0.5 visits at t1's dropoffs, 0.5-1.7 at xl1's, 5.2-19 at dense's, 7-13 at hotspot's
 * and about 50 at d20k's.
 */
const SATURATED_VISITS = 4;

/**
 * Dock metering, as a ramp meter or a warehouse's staging lanes do it: a robot that has picked up
 * sets out for its dropoff only while the robots already on their way there (or handling there)
 * could be served, a visit at a time, before it arrives, with `SPARE_STEPS` to spare; otherwise it waits
 * on its pickup, which it holds anyway, in the order robots were held for that dropoff (first
 * come, first served). A plan whose docks bound the day puts many robots in each dock's queue at
 * once (d20k with drive units: 245 of 400 robots on average, 3.37 million robot-seconds); held in
 * the aisles beside the docks they block the robots leaving them, and the docks run dry.
 *
 * A held robot counts its steps as its dropoff's queue (it waits for the dock, not for traffic).
 */
export class DockMetering {
  /** Per cell (a dropoff's), the robots on their way to it or handling there, counted at the start of each step. */
  private readonly heading: Int32Array;
  /** Per dropoff cell, the robots held for it, in the order they were held. */
  private readonly held = new Map<number, number[]>();
  /** Per robot, the dropoff cell it is held for (-1: not held), and the step its hold began. */
  private readonly heldFor: Int32Array;
  private readonly heldSince: Int32Array;
  /** Per cell, how many times a robot has left it. */
  private readonly left: Int32Array;
  /** Per robot, its holds, in order. */
  readonly holds: DockHold[][];

  /**
   * Metering for the dropoffs `planned` keeps busy all day (robots waiting there at least
   * `SATURATED_VISITS` visits on average; null when it has none): elsewhere a queue is brief, and
   * holding robots only delays them.
   */
  static ofPlan(
    floor: Floor,
    state: FloorTraffic,
    robots: readonly RobotWork[],
    planned: readonly FreeFlowRobot[],
    visitSteps: number,
  ): DockMetering | null {
    const waited = new Float64Array(floor.cellCount);
    const visits = new Float64Array(floor.cellCount);
    robots.forEach((robot, r) => {
      let k = 0;
      for (const item of robot.work) {
        if (item.kind !== 'delivery') continue;
        waited[item.dropoffCell] += planned[r].dockWaits[k++]?.dropoff ?? 0;
        visits[item.dropoffCell]++;
      }
    });
    const metered = new Uint8Array(floor.cellCount);
    let any = false;
    for (let cell = 0; cell < floor.cellCount; cell++) {
      if (visits[cell] === 0 || waited[cell] < SATURATED_VISITS * visitSteps * visits[cell]) continue;
      metered[cell] = 1;
      any = true;
    }
    return any ? new DockMetering(floor, state, visitSteps, metered) : null;
  }

  constructor(
    private readonly floor: Floor,
    private readonly state: FloorTraffic,
    /** Steps a dock needs per visit at the least: in, handling, out. */
    private readonly visitSteps: number,
    /** 1 on the dropoff cells metered (default: every one). */
    private readonly metered: Uint8Array = new Uint8Array(floor.cellCount).fill(1),
  ) {
    this.heading = new Int32Array(floor.cellCount);
    this.heldFor = new Int32Array(state.n).fill(-1);
    this.heldSince = new Int32Array(state.n);
    this.left = new Int32Array(floor.cellCount);
    this.holds = Array.from({ length: state.n }, () => []);
  }

  /** Before a step's events: counts the robots on their way to each dropoff (or handling there). */
  countHeading(): void {
    const { state, heading } = this;
    heading.fill(0);
    for (let robot = 0; robot < state.n; robot++) {
      const mode = state.mode[robot];
      if (state.phase[robot] === Phase.ToDropoff && (mode === Mode.Moving || mode === Mode.Handling))
        heading[state.goal[robot]]++;
    }
  }

  /** A robot left `cell` (moved off it). */
  leftCell(cell: number): void {
    this.left[cell]++;
  }

  /** The dropoff cell the robot is held for, or -1. */
  heldAt(robot: number): number {
    return this.heldFor[robot];
  }

  /**
   * Whether `robot`, done with its pickup on `pickupCell` at `step`, must stay there a step more
   * before setting out for `dockCell`. False sets it on its way (and counts it as heading there).
   */
  mustWait(robot: number, pickupCell: number, dockCell: number, step: number): boolean {
    if (this.metered[dockCell] === 0) return false;
    let queue = this.held.get(dockCell);
    if (this.heldFor[robot] < 0) {
      if ((queue === undefined || queue.length === 0) && this.mayGo(pickupCell, dockCell)) {
        this.heading[dockCell]++;
        return false;
      }
      if (queue === undefined) {
        queue = [];
        this.held.set(dockCell, queue);
      }
      queue.push(robot);
      this.heldFor[robot] = dockCell;
      this.heldSince[robot] = step;
      return true;
    }
    if (queue?.[0] !== robot || !this.mayGo(pickupCell, dockCell)) return true;
    this.release(robot, step);
    return false;
  }

  /** Ends the robot's hold at `step`, ahead of its turn if need be (a robot short of charge must not wait to be pushed about). */
  release(robot: number, step: number): void {
    const dockCell = this.heldFor[robot];
    const queue = this.held.get(dockCell) as number[];
    queue.splice(queue.indexOf(robot), 1);
    this.heldFor[robot] = -1;
    this.heading[dockCell]++;
    this.holds[robot].push({
      startStep: this.heldSince[robot],
      endStep: step,
      dockCell,
      leftBefore: this.left[dockCell],
    });
  }

  /** Whether the robots heading for `dockCell` could all be served before one from `pickupCell` gets there, with spare. */
  private mayGo(pickupCell: number, dockCell: number): boolean {
    const drive = this.floor.distance(pickupCell, dockCell);
    return this.heading[dockCell] * this.visitSteps <= drive + SPARE_STEPS;
  }
}
