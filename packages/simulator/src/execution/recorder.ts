import {
  ActivityWriter,
  TimelineWriter,
  type ActivityKind,
  type DeliveryWork,
  type Floor,
  type RobotWork,
} from '@fleetlab/warehouse';

/** A delivery done: where its robot came from and when it stood on the pickup, and its odometer at the dropoff. */
export interface ExecutedDelivery {
  pickup: string;
  dropoff: string;
  doneStep: number;
  /** The shift order it served (absent in a day's plan). */
  orderId?: string;
  /** The step the robot reached the pickup, and the cell its drive there began (its last place). */
  pickupStep: number;
  fromCell: number;
  /** Metres driven since step 0 when the dropoff was reached. */
  odometer: number;
}

/** A charge: arrival at the station, start on a free charger (-1 while still queued), end; the odometer on arrival. */
export interface ExecutedCharge {
  arriveStep: number;
  startStep: number;
  endStep: number;
  odometer: number;
}

/** What one robot did on the shared floor, in steps. */
export interface ExecutedRobot {
  timeline: number[];
  activities: number[];
  deliveries: ExecutedDelivery[];
  charges: ExecutedCharge[];
  /** Steps standing still with work left, blocked by others or queued (queued included). */
  waitingSteps: number;
  queuedSteps: number;
  /** Of the waiting, steps in a dock's queue (`Recorder.dockQueued`). */
  dockQueueSteps: number;
  distance: number;
  /** The step its last delivery was done (0 without deliveries): its part of the makespan. */
  finishStep: number;
  extraCharges: number;
  /**
   * The steps a shift's dispatcher changed the robot's work at (appended or replaced it), in
   * order: what the robot does after such a step it could not know before it (empty in a day's run).
   */
  workGivenSteps: number[];
}

/**
 * Writes down the run as it happens: each robot's cells (waypoint timelines), activities,
 * deliveries and charges, its waiting and queueing, and where on the floor robots waited.
 * Nothing here decides anything; the executor and the work cycle report to it.
 */
export class Recorder {
  readonly robots: ExecutedRobot[];
  /** Waiting steps per cell. */
  readonly waitSteps: Float64Array;
  readonly queueStepsByStation: Float64Array;
  /** Steps robots waited in a dock's queue, per pickup or dropoff id, and per cell they stood on (of `waitSteps`). */
  readonly dockQueueSteps = new Map<string, number>();
  readonly dockWaitSteps: Float64Array;
  private readonly timelines: TimelineWriter[];
  private readonly activities: ActivityWriter[];
  /** Per robot, the pickup of the delivery under way: the step reached and the cell the drive there began. */
  private readonly pickupStep: Int32Array;
  private readonly pickupFrom: Int32Array;

  constructor(
    private readonly floor: Floor,
    robots: readonly RobotWork[],
  ) {
    this.robots = robots.map(() => ({
      timeline: [],
      activities: [],
      deliveries: [],
      charges: [],
      waitingSteps: 0,
      queuedSteps: 0,
      dockQueueSteps: 0,
      distance: 0,
      finishStep: 0,
      extraCharges: 0,
      workGivenSteps: [],
    }));
    this.timelines = robots.map((robot) => new TimelineWriter(0, floor.x(robot.startCell), floor.y(robot.startCell)));
    this.activities = robots.map(() => new ActivityWriter());
    this.waitSteps = new Float64Array(floor.cellCount);
    this.dockWaitSteps = new Float64Array(floor.cellCount);
    this.queueStepsByStation = new Float64Array(floor.stationIds.length);
    this.pickupStep = new Int32Array(robots.length);
    this.pickupFrom = new Int32Array(robots.length);
  }

  /** The robot does `kind` from `step` on. */
  activity(robot: number, step: number, kind: ActivityKind): void {
    this.activities[robot].set(step, kind);
  }

  moved(robot: number): void {
    this.robots[robot].distance += 1;
  }

  /** The robot stood a step on `cell` with work left, kept by another robot. */
  blocked(robot: number, cell: number): void {
    this.robots[robot].waitingSteps++;
    this.waitSteps[cell]++;
  }

  /**
   * The robot stood a step on `cell` with work left in the queue of `place`, the pickup or
   * dropoff it is heading for: beside it or a cell further back, while another robot holds it.
   */
  dockQueued(robot: number, place: string, cell: number): void {
    const record = this.robots[robot];
    record.dockQueueSteps++;
    record.waitingSteps++;
    this.waitSteps[cell]++;
    this.dockWaitSteps[cell]++;
    this.dockQueueSteps.set(place, (this.dockQueueSteps.get(place) ?? 0) + 1);
  }

  /** The robot waited a step at its station (`cell`) for a charger. */
  queued(robot: number, station: number, cell: number): void {
    const record = this.robots[robot];
    record.queuedSteps++;
    record.waitingSteps++;
    this.waitSteps[cell]++;
    this.queueStepsByStation[station]++;
  }

  /** The robot stands on the pickup of its delivery at `step`, having set out from `fromCell`. */
  pickedUp(robot: number, step: number, fromCell: number): void {
    this.pickupStep[robot] = step;
    this.pickupFrom[robot] = fromCell;
  }

  delivered(robot: number, item: DeliveryWork, step: number): void {
    const record = this.robots[robot];
    record.deliveries.push({
      pickup: item.pickup,
      dropoff: item.dropoff,
      doneStep: step,
      ...(item.orderId === undefined ? {} : { orderId: item.orderId }),
      pickupStep: this.pickupStep[robot],
      fromCell: this.pickupFrom[robot],
      odometer: record.distance,
    });
  }

  chargeArrived(robot: number, step: number, extra: boolean): void {
    this.robots[robot].charges.push({
      arriveStep: step,
      startStep: -1,
      endStep: -1,
      odometer: this.robots[robot].distance,
    });
    if (extra) this.robots[robot].extraCharges++;
  }

  chargeStarted(robot: number, step: number, endStep: number): void {
    const charges = this.robots[robot].charges;
    const charge = charges[charges.length - 1];
    charge.startStep = step;
    charge.endStep = endStep;
  }

  /** A shift's dispatcher changed the robot's work at `step`. */
  workGiven(robot: number, step: number): void {
    const steps = this.robots[robot].workGivenSteps;
    if (steps[steps.length - 1] !== step) steps.push(step);
  }

  finished(robot: number, step: number): void {
    this.robots[robot].finishStep = step;
  }

  /** Every robot's cell after a step. */
  cells(step: number, positions: Int32Array): void {
    for (let robot = 0; robot < positions.length; robot++)
      this.timelines[robot].record(step, this.floor.x(positions[robot]), this.floor.y(positions[robot]));
  }

  /** The finished records. */
  finish(): ExecutedRobot[] {
    return this.robots.map((robot, index) => ({
      ...robot,
      timeline: this.timelines[index].finish(),
      activities: this.activities[index].entries,
    }));
  }
}
