import type { Floor, RobotWork } from '@fleetlab/warehouse';

/** What a robot is doing. Parked, queued and charging robots stand at their station, out of the way. */
export enum Mode {
  Parked,
  Moving,
  Handling,
  Queued,
  Charging,
}

/** `FloorTraffic.due` of a goal the plan has no step for (an extra charge, the drive home). */
export const NO_DUE = -1;

/** Where a moving robot is heading. */
export enum Phase {
  ToPickup,
  ToDropoff,
  ToCharge,
  /** Its work is done: back to the station, out of the others' way. */
  ToHome,
}

/**
 * The robots on the floor, one entry per robot in typed arrays (a 400-robot day allocates
 * nothing per step), and who stands where. `occupant[cell]` is the robot standing on a cell,
 * unless the cell is that robot's own station: a station's robots may stand there together
 * (parked, queued or charging robots leave the traffic), so robots at home are kept per station.
 * During a step's planning `next[robot]` is the cell it will stand on next (-1 while undecided)
 * and `reservedBy[cell]` the robot that will stand there; `claimedBy[cell]` is the robot driving
 * through keep-clear cells that will stand there in a coming step (nobody else may).
 */
export class FloorTraffic {
  readonly n: number;
  readonly pos: Int32Array;
  readonly next: Int32Array;
  readonly goal: Int32Array;
  readonly mode: Uint8Array;
  readonly phase: Uint8Array;
  /** Each robot's distance field to its goal (`Floor.distanceField`). */
  readonly field: Int32Array[];
  /** 1 for a robot with no charge to spare: it only waits or moves closer to its goal. */
  readonly tight: Uint8Array;
  /**
   * Metres the robot has to spare on its charge after its remaining work (Infinity where the
   * battery rule does not watch it): each step away from its goal costs 2 of them.
   */
  readonly spare: Float64Array;
  /** The step at which the plan (each robot alone on the floor) reaches the robot's current goal, or NO_DUE. */
  readonly due: Int32Array;
  /** The step at which the plan has the robot's last delivery done, or NO_DUE (no plan's clock, or no delivery). */
  readonly finishDue: Int32Array;
  /** The step being planned. */
  step = 0;
  readonly occupant: Int32Array;
  readonly reservedBy: Int32Array;
  readonly claimedBy: Int32Array;
  readonly atDepot: number[][];
  /**
   * 1 on a cell a broken-down robot stands on (never a station's depot, which its own robots
   * share): an obstacle until the repair is done. Walks and guide paths go round it.
   */
  readonly blockedCell: Uint8Array;
  /** Per robot, the step its repair is done while it is broken down, else -1. */
  readonly repairedAt: Int32Array;
  /** Per robot, its station's cell and its station (read at every reservation: typed arrays, not the work objects). */
  private readonly homeCell: Int32Array;
  private readonly station: Int32Array;

  constructor(
    readonly floor: Floor,
    readonly robots: readonly RobotWork[],
  ) {
    const n = robots.length;
    this.n = n;
    this.pos = Int32Array.from(robots, (robot) => robot.startCell);
    this.next = new Int32Array(n).fill(-1);
    this.goal = new Int32Array(n);
    this.mode = new Uint8Array(n);
    this.phase = new Uint8Array(n);
    this.field = new Array(n);
    this.tight = new Uint8Array(n);
    this.spare = new Float64Array(n).fill(Infinity);
    this.due = new Int32Array(n).fill(NO_DUE);
    this.finishDue = new Int32Array(n).fill(NO_DUE);
    this.occupant = new Int32Array(floor.cellCount).fill(-1);
    this.reservedBy = new Int32Array(floor.cellCount).fill(-1);
    this.claimedBy = new Int32Array(floor.cellCount).fill(-1);
    this.atDepot = Array.from({ length: floor.stationIds.length }, () => []);
    this.blockedCell = new Uint8Array(floor.cellCount);
    this.repairedAt = new Int32Array(n).fill(-1);
    this.homeCell = Int32Array.from(robots, (robot) => robot.homeCell);
    this.station = Int32Array.from(robots, (robot) => robot.station);
  }

  isHome(robot: number, cell: number): boolean {
    return cell === this.homeCell[robot];
  }

  stand(robot: number, cell: number): void {
    if (this.isHome(robot, cell)) this.atDepot[this.station[robot]].push(robot);
    else this.occupant[cell] = robot;
  }

  leave(robot: number, cell: number): void {
    if (this.isHome(robot, cell)) {
      const list = this.atDepot[this.station[robot]];
      list.splice(list.indexOf(robot), 1);
    } else if (this.occupant[cell] === robot) this.occupant[cell] = -1;
  }

  /** Off the floor's traffic: the robot stays in its station's cell without holding it. */
  park(robot: number): void {
    this.leave(robot, this.pos[robot]);
  }

  unpark(robot: number): void {
    this.stand(robot, this.pos[robot]);
  }

  /** Whether `robot` may stand on `cell` next step: nobody else will or has claimed it, and it is no other station's depot. */
  canEnter(robot: number, cell: number): boolean {
    if (this.reservedBy[cell] !== -1 && this.reservedBy[cell] !== robot) return false;
    if (this.claimedBy[cell] !== -1 && this.claimedBy[cell] !== robot) return false;
    const station = this.floor.stationAt[cell];
    return station < 0 || station === this.station[robot];
  }

  /** Whether a robot moving from -> to would swap places with one moving to -> from. */
  swaps(from: number, to: number): boolean {
    const other = this.occupant[to];
    if (other !== -1 && this.next[other] === from) return true;
    const station = this.floor.stationAt[to];
    if (station >= 0) for (const robot of this.atDepot[station]) if (this.next[robot] === from) return true;
    return false;
  }

  reserve(robot: number, cell: number): void {
    this.next[robot] = cell;
    if (!this.isHome(robot, cell)) this.reservedBy[cell] = robot;
  }

  release(robot: number, cell: number): void {
    if (!this.isHome(robot, cell) && this.reservedBy[cell] === robot) this.reservedBy[cell] = -1;
  }
}
