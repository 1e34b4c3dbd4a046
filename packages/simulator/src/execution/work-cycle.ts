import {
  ChargerPool,
  chargersAt,
  robotsPerStation,
  UNREACHABLE,
  type DeliveryWork,
  type Floor,
  type FreeFlowRobot,
  type RobotWork,
  type WorkItem,
} from '@fleetlab/warehouse';
import { decideCharge, fitsCharge, type LegMetres } from './battery-rule.ts';
import { SimulationError } from '../errors.ts';
import { Mode, NO_DUE, Phase, type FloorTraffic } from './floor-traffic.ts';
import type { ExecutionParameters } from './execution-parameters.ts';
import type { DockMetering } from './dock-metering.ts';
import type { Recorder } from './recorder.ts';

/** What the work cycle tells whoever hands out work while the run goes on (a shift's dispatcher). */
export interface WorkEvents {
  /** The robot stands on the delivery's pickup at `step`: from now on the delivery is its own. */
  pickedUp(robot: number, item: DeliveryWork, step: number): void;
  /** The robot stands on the delivery's dropoff at `step`. */
  delivered(robot: number, item: DeliveryWork, step: number): void;
}

const NO_EVENTS: WorkEvents = { pickedUp: () => {}, delivered: () => {} };

/** Where a robot's committed work ends: its cell then, the step it is ready there, the metres it will have used on its charge. */
export interface Commitment {
  cell: number;
  readyStep: number;
  used: number;
}

/**
 * The work / charge state machine of every robot: a robot works its plan in order (drive to the
 * pickup, handle, drive to the dropoff, handle), drives home for the plan's charges and for any
 * charge its battery forces earlier, queues for a free charger, charges, and after its last task
 * drives home out of the others' way. Movement is not decided here: the executor moves robots and
 * calls `arrived` when one reaches its goal.
 *
 * In a shift the work is handed out while the run goes on: `appendWork` adds to a robot's work
 * (an idle robot sets out at once), `replaceOpenWork` replaces what it has not started (every
 * item after the one under way, and that one too while it is a delivery not yet picked up).
 */
export class WorkCycle {
  /** Set by a shift's dispatcher to hear of pickups and deliveries. */
  events: WorkEvents = NO_EVENTS;
  /** Set by the executor to hold loaded robots on their pickups while their dropoffs are busy (null: none held). */
  metering: DockMetering | null = null;
  finishedCount = 0;
  deliveriesDone = 0;
  readonly deliveriesTotal: number;
  private readonly workIndex: Int32Array;
  /** Metres driven since the last charge. */
  readonly used: Float64Array;
  /** Metres the legs finished since the last charge would take along shortest walks, and where the leg under way began. */
  private readonly shortestUsed: Float64Array;
  private readonly legFrom: Int32Array;
  /** Metres driven, and the plan's metres of the legs driven, on the robot's earlier charges this day. */
  private readonly drivenBefore: Float64Array;
  private readonly plannedBefore: Float64Array;
  readonly handlingLeft: Int32Array;
  private readonly afterHandling: Uint8Array;
  private readonly chargeEnd: Int32Array;
  private readonly chargeIsExtra: Uint8Array;
  /** 1 while a robot charges first with its delivery's load on board (`chargeFirst`): its delivery resumes at the dropoff. */
  private readonly carrying: Uint8Array;
  readonly finished: Uint8Array;
  /** Per station, the robots waiting for a charger, in order of arrival (then robot order). */
  private readonly queues: number[][];
  private readonly arrivedAt: Int32Array;
  private readonly chargers: ChargerPool;
  private readonly stationRobots: number[];
  /**
   * Per robot and work item (a delivery), the planned metres from that delivery's dropoff to its
   * next planned charge: the walks through the deliveries that follow in the same charge, then
   * home. What a robot still has to drive on this charge is its way to its goal plus this.
   */
  private readonly restAfterDropoff: Float64Array[];
  /** Per robot, the index in its work of its last charge (-1: none), kept with `restAfterDropoff` whenever the work changes. */
  private readonly lastCharge: Int32Array;
  /**
   * Per robot, what `metresStillNeeded` last worked out for its delivery under way, beyond the
   * way to its goal: the work index and phase it holds (`index * 4 + phase`, -1 none), the goal,
   * and the metres after the goal with the dropoff's next leg (2r) and with its plan's rest of
   * the charge (2r + 1). That runs for every moving robot twice a step; these change only when
   * the robot reaches a goal or its work changes (`workChanged`).
   */
  private readonly stillNeededFor: Int32Array;
  private readonly stillNeededGoal: Int32Array;
  private readonly stillNeededAfter: Float64Array;
  /** Per robot and work item, the plan's step for it: a delivery's dropoff reached, a charge's station reached (null: work handed out as the run goes, no plan's clock). */
  private readonly plannedSteps: Int32Array[] | null;

  constructor(
    private readonly floor: Floor,
    private readonly robots: readonly RobotWork[],
    private readonly params: ExecutionParameters,
    private readonly state: FloorTraffic,
    private readonly recorder: Recorder,
    /** Called when a robot gets a new goal, after `state` holds it. */
    private readonly onGoal: (robot: number) => void,
    /** Each robot alone on the floor: the plan's clock (null in a shift: no plan made in advance). */
    planned: readonly FreeFlowRobot[] | null,
    /** Metres of the plan's walks, which the battery rule counts (default: the floor's shortest walks). */
    private readonly legMetres: LegMetres = (from, to) => floor.distance(from, to),
    /**
     * Whether a robot short of charge for its next delivery takes its plan's next charge now
     * (`bringChargeForward`) rather than one beyond the plan's. The robots' work is then this
     * run's own to reorder: pass copies.
     */
    private readonly replanCharges = false,
  ) {
    const n = robots.length;
    this.workIndex = new Int32Array(n);
    this.used = new Float64Array(n);
    this.shortestUsed = new Float64Array(n);
    this.legFrom = Int32Array.from(robots, (robot) => robot.startCell);
    this.drivenBefore = new Float64Array(n);
    this.plannedBefore = new Float64Array(n);
    this.handlingLeft = new Int32Array(n);
    this.afterHandling = new Uint8Array(n);
    this.chargeEnd = new Int32Array(n);
    this.chargeIsExtra = new Uint8Array(n);
    this.carrying = new Uint8Array(n);
    this.finished = new Uint8Array(n);
    this.queues = floor.stationIds.map(() => []);
    this.arrivedAt = new Int32Array(n);
    this.stationRobots = robotsPerStation(floor, robots);
    this.chargers = new ChargerPool(
      this.stationRobots.map((count, station) => chargersAt(params, count, floor.stationChargers[station])),
    );
    this.deliveriesTotal = robots.reduce(
      (sum, robot) => sum + robot.work.filter((item) => item.kind === 'delivery').length,
      0,
    );
    this.restAfterDropoff = robots.map((robot) => plannedRestAfterDropoff(this.legMetres, robot));
    this.lastCharge = Int32Array.from(robots, (robot) => lastChargeIndex(robot.work));
    this.stillNeededFor = new Int32Array(n).fill(-1);
    this.stillNeededGoal = new Int32Array(n);
    this.stillNeededAfter = new Float64Array(2 * n);
    this.plannedSteps = planned ? robots.map((robot, r) => plannedStepsOf(robot, planned[r])) : null;
    planned?.forEach((alone, r) => {
      const last = alone.deliveryDoneSteps.at(-1);
      if (last !== undefined) state.finishDue[r] = last;
    });
  }

  /** Puts every robot on the floor at step 0 and starts its work. */
  startAll(): void {
    const { state } = this;
    for (let robot = 0; robot < this.robots.length; robot++) {
      state.stand(robot, state.pos[robot]);
      if (this.robots[robot].work.length === 0) {
        this.markFinished(robot);
        if (state.isHome(robot, state.pos[robot])) {
          state.mode[robot] = Mode.Parked;
          state.park(robot);
          this.recorder.activity(robot, 0, 'idle');
          continue;
        }
      }
      this.startNextWork(robot, 0);
    }
  }

  /**
   * The events at the start of a step: charges that end, handling that ends, then queued robots
   * that find a free charger (a robot that arrives at its station at this step, whichever way,
   * is in the queue by then).
   */
  runEvents(step: number): void {
    const { state } = this;
    for (let robot = 0; robot < this.robots.length; robot++) {
      if (state.mode[robot] === Mode.Charging && this.chargeEnd[robot] === step) this.endCharge(robot, step);
    }
    for (let robot = 0; robot < this.robots.length; robot++) {
      if (state.mode[robot] === Mode.Handling && this.handlingLeft[robot] === 0) {
        state.mode[robot] = Mode.Moving;
        this.finishHandling(robot, step);
      }
    }
    this.startQueuedCharges(step);
  }

  /** Each queued robot waits one more step. */
  countQueues(): void {
    this.queues.forEach((queue, station) => {
      for (const robot of queue) this.recorder.queued(robot, station, this.robots[robot].homeCell);
    });
  }

  /**
   * Metres the robot must still drive, along shortest walks, before it can next charge: with
   * `wholeCharge` everything its plan puts on this charge (its way to its goal, the charge's
   * remaining deliveries, home), otherwise only the delivery under way and the way home. While
   * the metres it drove plus the first stay within a charge, every delivery of the charge fits
   * when its turn comes (no charge the plan did not foresee); while the second do, it can always
   * finish the delivery under way and get home.
   */
  metresStillNeeded(robot: number, wholeCharge: boolean): number {
    // From where the robot stands the floor's shortest walk (a robot in traffic is off its plan's
    // walk anyway, and the plan's walks are tabled from places only); between places the plan's.
    const { floor, state } = this;
    const index = this.workIndex[robot];
    const phase = state.phase[robot];
    const key = index * 4 + phase;
    if (this.stillNeededFor[robot] !== key) {
      const item = this.robots[robot].work[index];
      if (item?.kind !== 'delivery' || (phase !== Phase.ToPickup && phase !== Phase.ToDropoff))
        return floor.distance(state.pos[robot], this.robots[robot].homeCell);
      this.rememberStillNeeded(robot, item, key);
    }
    const after = this.stillNeededAfter[2 * robot + (wholeCharge ? 1 : 0)];
    return floor.distance(state.pos[robot], this.stillNeededGoal[robot]) + after;
  }

  /** Works out the part of `metresStillNeeded` beyond the way to the goal for the delivery `item` under way. */
  private rememberStillNeeded(robot: number, item: DeliveryWork, key: number): void {
    const { legMetres } = this;
    const index = this.workIndex[robot];
    const toPickup = this.state.phase[robot] === Phase.ToPickup;
    const ride = toPickup ? legMetres(item.pickupCell, item.dropoffCell) : 0;
    this.stillNeededFor[robot] = key;
    this.stillNeededGoal[robot] = toPickup ? item.pickupCell : item.dropoffCell;
    this.stillNeededAfter[2 * robot] = ride + legMetres(item.dropoffCell, this.robots[robot].homeCell);
    this.stillNeededAfter[2 * robot + 1] = ride + this.restAfterDropoff[robot][index];
  }

  /** The robot's work changed: what depends on the items that follow is worked out again. */
  private workChanged(robot: number): void {
    this.restAfterDropoff[robot] = plannedRestAfterDropoff(this.legMetres, this.robots[robot]);
    this.lastCharge[robot] = lastChargeIndex(this.robots[robot].work);
    this.stillNeededFor[robot] = -1;
  }

  /** The pickup or dropoff the robot is heading for, or null (heading for a charge or home). */
  goalPlace(robot: number): string | null {
    const phase = this.state.phase[robot];
    if (phase !== Phase.ToPickup && phase !== Phase.ToDropoff) return null;
    const item = this.robots[robot].work[this.workIndex[robot]];
    if (item?.kind !== 'delivery') return null;
    return phase === Phase.ToPickup ? item.pickup : item.dropoff;
  }

  /** Sets out the held robots whose dropoffs may now have them (`DockMetering`), at the start of `step`. */
  releaseHeld(step: number): void {
    const { metering, state } = this;
    if (metering === null) return;
    for (let robot = 0; robot < this.robots.length; robot++) {
      const dock = metering.heldAt(robot);
      if (dock < 0) continue;
      if (!metering.mustWait(robot, state.pos[robot], dock, step)) this.setOut(robot, dock, step);
      // On one-way aisles a robot pushed aside waits where it is: its way back could lead round the block.
      else if (this.floor.oneWayIds.length > 0 && state.pos[robot] !== state.goal[robot])
        this.setGoal(robot, state.pos[robot], Phase.ToDropoff);
    }
  }

  /**
   * Sets a held robot out for its dropoff now, its turn or not: one with no charge to spare must
   * not be pushed about any more (its way back to where it was held may lead away from its dropoff).
   */
  releaseNow(robot: number, step: number): void {
    const dock = this.heldAt(robot);
    if (dock < 0) return;
    this.metering?.release(robot, step);
    this.setOut(robot, dock, step);
  }

  private setOut(robot: number, dock: number, step: number): void {
    this.setGoal(robot, dock, Phase.ToDropoff);
    if (this.state.pos[robot] === dock) this.arrived(robot, step);
  }

  /** The dropoff cell a robot held on its pickup waits for (`DockMetering`), or -1. */
  heldAt(robot: number): number {
    return this.metering?.heldAt(robot) ?? -1;
  }

  /** The dropoff a robot held on its pickup waits for (`DockMetering`), or null. */
  heldFor(robot: number): string | null {
    if (this.heldAt(robot) < 0) return null;
    const item = this.robots[robot].work[this.workIndex[robot]];
    return item?.kind === 'delivery' ? item.dropoff : null;
  }

  /**
   * Whether the robot standing on `cell` visits it: heading for it, handling there, or on its way
   * out, not yet off the cell it last reached.
   */
  visits(robot: number, cell: number): boolean {
    return this.state.goal[robot] === cell || this.legFrom[robot] === cell;
  }

  /** The robot stands on its goal at `step`. */
  arrived(robot: number, step: number): void {
    const { state, recorder } = this;
    const legFrom = this.legFrom[robot];
    this.shortestUsed[robot] += this.legMetres(legFrom, state.pos[robot]);
    this.legFrom[robot] = state.pos[robot];
    switch (state.phase[robot] as Phase) {
      case Phase.ToPickup: {
        recorder.pickedUp(robot, step, legFrom);
        this.events.pickedUp(robot, this.robots[robot].work[this.workIndex[robot]] as DeliveryWork, step);
        this.handleOrContinue(robot, step, Phase.ToPickup);
        return;
      }
      case Phase.ToDropoff: {
        const item = this.robots[robot].work[this.workIndex[robot]] as DeliveryWork;
        recorder.delivered(robot, item, step);
        recorder.finished(robot, step);
        this.deliveriesDone++;
        this.events.delivered(robot, item, step);
        this.handleOrContinue(robot, step, Phase.ToDropoff);
        return;
      }
      case Phase.ToCharge:
        state.mode[robot] = Mode.Queued;
        state.park(robot);
        recorder.chargeArrived(robot, step, this.chargeIsExtra[robot] === 1);
        recorder.activity(robot, step, 'queued');
        this.enqueue(robot, step);
        return;
      case Phase.ToHome:
        state.mode[robot] = Mode.Parked;
        state.park(robot);
        recorder.activity(robot, step, 'idle');
        return;
    }
  }

  /** Whether the robot has no work left (parked at its station or on its way there). */
  isIdle(robot: number): boolean {
    return this.finished[robot] === 1;
  }

  /** The items the robot has not started: those a dispatcher may still take back. */
  openWork(robot: number): readonly WorkItem[] {
    return this.robots[robot].work.slice(this.openFrom(robot));
  }

  /** Adds items to the end of the robot's work; an idle robot sets out at once. */
  appendWork(robot: number, items: readonly WorkItem[], step: number): void {
    this.recorder.workGiven(robot, step);
    this.robots[robot].work.push(...items);
    this.workChanged(robot);
    if (this.finished[robot]) this.resume(robot, step);
  }

  /**
   * Replaces the robot's open work (`openWork`) with `items`. A robot driving to a pickup that is
   * no longer its own heads for its new first item instead (or home); one charging first for such
   * a delivery finishes its charge, then starts its new first item.
   */
  replaceOpenWork(robot: number, items: readonly WorkItem[], step: number): void {
    const work = this.robots[robot].work;
    const from = this.openFrom(robot);
    const unchanged = work.length - from === items.length && items.every((item, k) => work[from + k] === item);
    if (!unchanged) this.recorder.workGiven(robot, step);
    const current = work[from];
    const redirect =
      !this.finished[robot] &&
      from === this.workIndex[robot] &&
      this.state.mode[robot] === Mode.Moving &&
      this.state.phase[robot] === Phase.ToPickup;
    const sameFirst =
      current?.kind === 'delivery' &&
      items[0]?.kind === 'delivery' &&
      current.orderId !== undefined &&
      current.orderId === items[0].orderId;
    work.length = from;
    work.push(...items);
    this.workChanged(robot);
    if (this.finished[robot]) {
      if (work.length > this.workIndex[robot]) this.resume(robot, step);
    } else if (redirect && !sameFirst) this.startNextWork(robot, step);
  }

  /**
   * Where, when and with how many metres used on its charge the robot's committed work ends: the
   * item under way, unless it is a delivery not picked up yet (then the robot is committed to
   * nothing but a charge it is on or queued for). Times along shortest walks; a queue for a
   * charger is estimated from the chargers' bookings and the robots ahead.
   */
  commitment(robot: number, step: number): Commitment {
    const { state, floor, params } = this;
    const pos = state.pos[robot];
    const home = this.robots[robot].homeCell;
    const used = this.used[robot];
    const item = this.robots[robot].work[this.workIndex[robot]];
    // A robot charging first with its load on board delivers it once charged.
    const thenDeliver = (charged: Commitment): Commitment => {
      if (!this.carrying[robot] || item?.kind !== 'delivery') return charged;
      const leg = floor.distance(home, item.dropoffCell);
      return { cell: item.dropoffCell, readyStep: charged.readyStep + leg + params.handlingSteps, used: leg };
    };
    switch (state.mode[robot] as Mode) {
      case Mode.Parked:
        return { cell: pos, readyStep: step, used };
      case Mode.Charging:
        return thenDeliver({ cell: home, readyStep: this.chargeEnd[robot], used: 0 });
      case Mode.Queued: {
        const station = this.robots[robot].station;
        return thenDeliver({
          cell: home,
          readyStep: this.chargeStartEstimate(station, step, this.queues[station].indexOf(robot)) + params.chargeSteps,
          used: 0,
        });
      }
      case Mode.Handling: {
        if (item?.kind !== 'delivery') return { cell: pos, readyStep: step + this.handlingLeft[robot], used };
        if (this.afterHandling[robot] === Phase.ToDropoff)
          return { cell: item.dropoffCell, readyStep: step + this.handlingLeft[robot], used };
        const leg = floor.distance(item.pickupCell, item.dropoffCell);
        return {
          cell: item.dropoffCell,
          readyStep: step + this.handlingLeft[robot] + leg + params.handlingSteps,
          used: used + leg,
        };
      }
      case Mode.Moving:
        break;
    }
    switch (state.phase[robot] as Phase) {
      case Phase.ToDropoff: {
        const dropoff = (item as DeliveryWork).dropoffCell;
        const leg = floor.distance(pos, dropoff);
        return { cell: dropoff, readyStep: step + leg + params.handlingSteps, used: used + leg };
      }
      case Phase.ToCharge: {
        const station = this.robots[robot].station;
        return thenDeliver({
          cell: home,
          readyStep:
            this.chargeStartEstimate(station, step + floor.distance(pos, home), this.queues[station].length) +
            params.chargeSteps,
          used: 0,
        });
      }
      default:
        return { cell: pos, readyStep: step, used };
    }
  }

  /** When a robot arriving at `station` at `arrival` behind `ahead` queued robots would start charging, were the chargers' bookings all there is. */
  private chargeStartEstimate(station: number, arrival: number, ahead: number): number {
    const chargers = chargersAt(this.params, this.stationRobots[station], this.floor.stationChargers[station]);
    return Math.max(arrival, this.chargers.firstFree(station)) + Math.floor(ahead / chargers) * this.params.chargeSteps;
  }

  /** Whether the robot may set out for `item` from where it stands now without charging first (`fitsCharge`). */
  fitsCharge(robot: number, item: Pick<DeliveryWork, 'pickupCell' | 'dropoffCell'>): boolean {
    return fitsCharge(
      this.legMetres,
      this.state.pos[robot],
      this.robots[robot].homeCell,
      this.used[robot],
      this.params.maxDistance,
      item,
      this.detourRate(robot),
      this.params.replays,
    );
  }

  /**
   * Whether the robot can still bring a charge of its plan forward (`replanCharges` and a charge
   * left in its work after the item under way): short of charge for the rest of its plan's
   * charge, it will charge sooner rather than beyond its plan.
   */
  hasChargeToBringForward(robot: number): boolean {
    // Read for every moving robot every step: the last charge's index, not a scan of the work.
    return this.replanCharges && this.lastCharge[robot] > this.workIndex[robot];
  }

  /**
   * A robot with no charge to spare that traffic keeps from its pickup or its dropoff (two such
   * robots head on in a one-lane aisle, where neither may step back) charges first instead: its
   * plan's next charge moves forward when it has one, else it takes one beyond the plan. Its way
   * home is within its charge, so it is free to step aside again. A robot that carries a load
   * takes it along and, charged, drives it on to the dropoff. False when it is not on its way to
   * either.
   */
  chargeFirst(robot: number, step: number): boolean {
    const { mode, phase } = this.state;
    if (mode[robot] !== Mode.Moving || (phase[robot] !== Phase.ToPickup && phase[robot] !== Phase.ToDropoff))
      return false;
    this.carrying[robot] = phase[robot] === Phase.ToDropoff ? 1 : 0;
    const replanned = this.bringChargeForward(robot);
    this.goCharge(robot, step, !replanned);
    return true;
  }

  /** Whether the robot holds a load it picked up and has not yet dropped off. */
  isLoaded(robot: number): boolean {
    return this.state.phase[robot] === Phase.ToDropoff || this.carrying[robot] === 1;
  }

  /** Metres driven since the robot's last charge. */
  usedSinceCharge(robot: number): number {
    return this.used[robot];
  }

  /** Driven against shortest walks on this charge (1 before any leg is done): how much traffic has pushed the robot about. */
  detourRate(robot: number): number {
    if (this.replanCharges) {
      // The day so far: a robot just charged remembers the traffic it met on its earlier charges
      // (forgetting it, robots that brought a charge forward set out at once with nothing kept
      // back, and on crowded floors ran out of slack and jammed). Measured against margins on the
      // whole need, twice the detours, or a fifth more plus 10 m: each left more charges beyond
      // the plan on t1, t2 or d5k (npm run bench:simulator -- --robot-model drive-unit,amr).
      const planned = this.plannedBefore[robot] + this.shortestUsed[robot];
      return planned > 0 ? (this.drivenBefore[robot] + this.used[robot]) / planned : 1;
    }
    return this.shortestUsed[robot] > 0 ? this.used[robot] / this.shortestUsed[robot] : 1;
  }

  /** Whether a robot of `station` arriving now would find a charger free and nobody queued. */
  chargerFree(station: number, step: number): boolean {
    return this.queues[station].length === 0 && this.chargers.hasFreeCharger(station, step);
  }

  /** Index of the robot's first open item: the one under way while it is a delivery not picked up yet, else the next. */
  private openFrom(robot: number): number {
    const index = this.workIndex[robot];
    const work = this.robots[robot].work;
    if (index >= work.length) return work.length;
    const item = work[index];
    if (item.kind !== 'delivery') return index + 1;
    const { mode, phase } = this.state;
    const beforePickup =
      this.carrying[robot] === 0 &&
      (mode[robot] === Mode.Moving
        ? phase[robot] === Phase.ToPickup || phase[robot] === Phase.ToCharge
        : mode[robot] === Mode.Queued || mode[robot] === Mode.Charging);
    return beforePickup ? index : index + 1;
  }

  /** An idle robot that was given work sets out. */
  private resume(robot: number, step: number): void {
    this.finished[robot] = 0;
    this.finishedCount--;
    if (this.state.mode[robot] === Mode.Parked) this.state.unpark(robot);
    this.startNextWork(robot, step);
  }

  private setGoal(robot: number, cell: number, phase: Phase): void {
    const { state, floor } = this;
    state.goal[robot] = cell;
    state.phase[robot] = phase;
    state.due[robot] = this.dueOf(robot, phase);
    state.mode[robot] = Mode.Moving;
    state.tight[robot] = 0;
    state.field[robot] = floor.distanceField(cell);
    if (state.field[robot][state.pos[robot]] >= UNREACHABLE) {
      throw new SimulationError(
        `Robot ${this.robots[robot].id} cannot get from ${floor.describe(state.pos[robot])} to ${floor.describe(cell)}: shelves and stations wall it off`,
      );
    }
    this.onGoal(robot);
  }

  /** The plan's step for reaching the goal of `phase` in the robot's current work item, or NO_DUE. */
  private dueOf(robot: number, phase: Phase): number {
    if (!this.plannedSteps) return NO_DUE;
    const index = this.workIndex[robot];
    const item = this.robots[robot].work[index];
    const planned = this.plannedSteps[robot][index];
    if (phase === Phase.ToDropoff) return planned;
    if (phase === Phase.ToPickup && item.kind === 'delivery')
      return planned - this.params.handlingSteps - this.floor.distance(item.pickupCell, item.dropoffCell);
    if (phase === Phase.ToCharge && !this.chargeIsExtra[robot]) return planned;
    return NO_DUE;
  }

  /** The robot's work is over (it may still drive home); its finish is its last delivery, recorded then. */
  private markFinished(robot: number): void {
    this.finished[robot] = 1;
    this.finishedCount++;
  }

  /** Into its station's queue, behind every robot that arrived earlier (or at the same step and comes earlier in the fleet). */
  private enqueue(robot: number, step: number): void {
    const queue = this.queues[this.robots[robot].station];
    this.arrivedAt[robot] = step;
    let at = queue.length;
    while (
      at > 0 &&
      (this.arrivedAt[queue[at - 1]] > step || (this.arrivedAt[queue[at - 1]] === step && queue[at - 1] > robot))
    )
      at--;
    queue.splice(at, 0, robot);
  }

  private goCharge(robot: number, step: number, extra: boolean): void {
    this.chargeIsExtra[robot] = extra ? 1 : 0;
    this.setGoal(robot, this.robots[robot].homeCell, Phase.ToCharge);
    if (this.state.pos[robot] === this.state.goal[robot]) this.arrived(robot, step);
  }

  private startNextWork(robot: number, step: number): void {
    const { state } = this;
    const { work, homeCell, id } = this.robots[robot];
    if (this.workIndex[robot] >= work.length) {
      if (!this.finished[robot]) this.markFinished(robot);
      this.setGoal(robot, homeCell, Phase.ToHome);
      if (state.pos[robot] === state.goal[robot]) this.arrived(robot, step);
      return;
    }
    const item = work[this.workIndex[robot]];
    if (item.kind === 'charge') {
      this.goCharge(robot, step, false);
      return;
    }
    if (this.carrying[robot]) {
      // Charged with its load on board: on to the dropoff (the pickup is done).
      this.carrying[robot] = 0;
      this.setGoal(robot, item.dropoffCell, Phase.ToDropoff);
      if (state.pos[robot] === state.goal[robot]) this.arrived(robot, step);
      return;
    }
    const decision = decideCharge(
      this.floor,
      this.legMetres,
      id,
      state.pos[robot],
      homeCell,
      this.used[robot],
      this.params.maxDistance,
      item,
      this.detourRate(robot),
      this.params.replays,
      this.replanCharges,
    );
    if (decision === 'charge-first') {
      const replanned = this.bringChargeForward(robot);
      this.goCharge(robot, step, !replanned);
      return;
    }
    this.setGoal(robot, item.pickupCell, Phase.ToPickup);
    if (state.pos[robot] === state.goal[robot]) this.arrived(robot, step);
  }

  /**
   * The robot's charge will not reach its next delivery: with `replanCharges` its plan's next
   * charge moves forward to now (before the delivery under way), so it charges as often as its
   * plan says, only sooner, and the rest of the plan's charge rides on the fresh one. False when
   * the plan has no charge left to move (the charge is then one beyond the plan's).
   */
  private bringChargeForward(robot: number): boolean {
    if (!this.replanCharges) return false;
    const work = this.robots[robot].work;
    const index = this.workIndex[robot];
    let next = index + 1;
    while (next < work.length && work[next].kind !== 'charge') next++;
    if (next >= work.length) return false;
    work.splice(index, 0, ...work.splice(next, 1));
    if (this.plannedSteps) {
      // The moved charge has no plan's step to keep to; the items it moved ahead of keep theirs.
      const steps = this.plannedSteps[robot];
      steps.copyWithin(index + 1, index, next);
      steps[index] = NO_DUE;
    }
    this.workChanged(robot);
    return true;
  }

  private finishHandling(robot: number, step: number): void {
    const item = this.robots[robot].work[this.workIndex[robot]];
    if (item.kind !== 'delivery') return;
    if (this.afterHandling[robot] === Phase.ToPickup) {
      if (this.metering?.mustWait(robot, this.state.pos[robot], item.dropoffCell, step)) {
        // Held where it stands (`DockMetering`): its dropoff has robots enough coming. The cell
        // is its goal until then, so others may push it aside and it comes back.
        this.setGoal(robot, this.state.pos[robot], Phase.ToDropoff);
        return;
      }
      this.setGoal(robot, item.dropoffCell, Phase.ToDropoff);
      if (this.state.pos[robot] === this.state.goal[robot]) this.arrived(robot, step);
    } else {
      this.workIndex[robot]++;
      this.startNextWork(robot, step);
    }
  }

  private handleOrContinue(robot: number, step: number, at: Phase): void {
    this.afterHandling[robot] = at;
    if (this.params.handlingSteps > 0) {
      this.state.mode[robot] = Mode.Handling;
      this.handlingLeft[robot] = this.params.handlingSteps;
    } else this.finishHandling(robot, step);
  }

  private startQueuedCharges(step: number): void {
    this.queues.forEach((queue, station) => {
      while (queue.length > 0 && this.chargers.hasFreeCharger(station, step)) {
        const robot = queue[0];
        queue.shift();
        this.chargers.claim(station, step, this.params.chargeSteps);
        this.state.mode[robot] = Mode.Charging;
        this.chargeEnd[robot] = step + this.params.chargeSteps;
        this.recorder.chargeStarted(robot, step, step + this.params.chargeSteps);
        this.recorder.activity(robot, step, 'charging');
        if (this.params.chargeSteps === 0) this.endCharge(robot, step);
      }
    });
  }

  private endCharge(robot: number, step: number): void {
    this.drivenBefore[robot] += this.used[robot];
    this.plannedBefore[robot] += this.shortestUsed[robot];
    this.used[robot] = 0;
    this.shortestUsed[robot] = 0;
    this.state.unpark(robot);
    this.state.mode[robot] = Mode.Moving;
    if (!this.chargeIsExtra[robot]) this.workIndex[robot]++;
    this.startNextWork(robot, step);
  }
}

/** The index of the last charge in `work`, -1 when it has none. */
function lastChargeIndex(work: readonly WorkItem[]): number {
  for (let k = work.length - 1; k >= 0; k--) if (work[k].kind === 'charge') return k;
  return -1;
}

/** Per work item of a robot (deliveries; 0 for charges), the planned metres from its dropoff to the next planned charge or the end, then home. */
function plannedRestAfterDropoff(legMetres: LegMetres, robot: RobotWork): Float64Array {
  const rest = new Float64Array(robot.work.length);
  let onward = 0;
  let nextPickup = -1;
  for (let k = robot.work.length - 1; k >= 0; k--) {
    const item = robot.work[k];
    if (item.kind === 'charge') {
      nextPickup = -1;
      continue;
    }
    rest[k] =
      nextPickup < 0 ? legMetres(item.dropoffCell, robot.homeCell) : legMetres(item.dropoffCell, nextPickup) + onward;
    onward = legMetres(item.pickupCell, item.dropoffCell) + rest[k];
    nextPickup = item.pickupCell;
  }
  return rest;
}

/** Per work item of a robot, the plan's step for it (free flow): a delivery's dropoff reached, a charge's station reached. */
function plannedStepsOf(robot: RobotWork, alone: FreeFlowRobot): Int32Array {
  const steps = new Int32Array(robot.work.length);
  let delivery = 0;
  let charge = 0;
  robot.work.forEach((item, k) => {
    steps[k] = item.kind === 'delivery' ? alone.deliveryDoneSteps[delivery++] : alone.charges[charge++].arriveStep;
  });
  return steps;
}
