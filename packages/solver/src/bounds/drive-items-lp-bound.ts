import { SAFE_SLACK } from '../problem/battery-tolerance.ts';
import { canServe } from '../problem/delivery-legs.ts';
import { onDriveTimes, type Problem } from '../problem/problem.ts';
import { highs } from './highs-runtime.ts';
import { type ModelBoundWork, usableRobots } from './lower-bound.ts';
import { type RobotChargeFigures, robotChargeFigures } from './robot-charge-figures.ts';
import { PricedAssignment } from './detour-capacity-bound.ts';
import { totalDeliveryLength } from '../problem/delivery-legs.ts';
import type { SharedBoundWork } from './bound-list.ts';

/**
 * LP solves the search for the largest infeasible makespan may make (the bench's floors need
 * 9-12: the bracket, then bisection to RELATIVE_PRECISION). The bound stops on this count, not on
 * the clock, so it proves the same figure on a busy machine as on an idle one, unless a solve's
 * deadline for its costly bounds (`SharedBoundWork.costlyStop`) comes first.
 */
const MAX_SOLVES = 40;
/**
 * A safety stop for pathological programmes, far above what the bench's floors take (0.1-0.6 s
 * on an idle core): past it the bisection stops with the largest makespan it has proven.
 */
const SAFETY_BUDGET_S = 120;
/**
 * The programme's columns are built for makespans up to this many times the bound already known
 * (an M it still cannot meet there is reported as proven).
 */
const LARGEST_FACTOR = 4;
/** LP columns above which the bound is not tried (0): robot classes x charge counts x delivery classes. */
const MAX_COLUMNS = 40_000;
/** Charge counts tried per robot class (more than any plan of the bench makes in a day). */
const MAX_CHARGES = 40;
/** The bisection stops when the interval is this small, relative to the makespan. */
const RELATIVE_PRECISION = 1e-3;
/** Least slack (in deliveries) taken as none: below it the makespan counts as feasible. */
const SLACK_TOLERANCE = 1e-6;
/** Taken off the proven value, so that HiGHS's feasibility tolerances never lift it above the truth. */
const RELATIVE_TOLERANCE = 1e-6;

/**
 * Whole charges on the clock of a robot with acceleration and turns, item by item (0 for a point
 * robot, whose clock the other bounds read). `wholeChargesOnDriveTimes` lets each robot hold
 * metres and drive time in any mix, so a robot that recharges may take the straight legs' metres
 * while one that does not takes the twisty legs' time; here every delivery brings both with it.
 *
 * The argument, for any valid plan with makespan M.
 * 1. Items. Solve the predecessor assignment (a pickup per row, a predecessor per column: each
 *    usable robot's start and each delivery's dropoff, N zero-cost dummy rows) once on metres and
 *    once on drive metres (least time x top speed); column prices v and row potentials
 *    u_j = min_i (c_ij - v_i) are a feasible dual. Robot r with deliveries j_1..j_k in order
 *    drives from its start, then from each dropoff but the last: its productive metres (each
 *    delivery and the drive to it as if no recharge came between; wholeChargesBound)
 *    P_r >= sum_t (len_j + u_j + v_j) + v_start - v_last >= sum of items p_j + kappa_r, where
 *    p_j = len_j + u_j + v_j and kappa_r = v_start(r) - max_i v_i <= 0 (the dummy rows' dual
 *    feasibility makes it hold for a robot with no delivery too). The same on drive metres gives
 *    items d_j (plus 2 handlings x speed) and kappa'_r. The assignment is solved place by place
 *    (predecessor-bound.ts): its place prices, read delivery by delivery, are such a dual (the
 *    dummy rows' potential is -max v), so the cost grows with places, not deliveries.
 * 2. A robot with c recharges that find its battery not full (robot-charge-figures.ts):
 *    P_r <= min((c + 1) Q - used - reserve - c detour, (M - ready - c R) v - c detour) and
 *    D_r + (2k - 1) h v <= (M - ready - c R) v - c detour' (every handling but its last dropoff's).
 * 3. So with y the share of each delivery class a (robot class, c) pair takes and n the robots
 *    of a class making c recharges, every plan is a solution of the linear programme
 *      sum over pairs of y >= each class's deliveries;  sum over c of n <= the class's robots;
 *      per pair: sum p y <= n (cap(c) - kappa), sum d y <= n (cap'(c) + h v - kappa');
 *      sum n cap(c) >= W, sum n (cap'(c) + h v) >= W' + 2 n_deliveries h v (the model's least
 *      metres and drive metres, lower-bound.ts).
 *    An M at which it is infeasible is below every plan's makespan; the bound is the largest M
 *    the bisection proves infeasible (the capacities grow with M), less a relative 1e-6 for the
 *    LP solver's tolerances, and what it proved when it stops (MAX_SOLVES, or the safety stop).
 * 4. The same rows on drive items with the recharges' detours priced (`pricedDriveItems`), a few
 *    prices at once: a recharge then costs its robot the price instead of the least detour, and
 *    the items take the price back where a way through a station is cheap (m1 with drive units
 *    467.0 -> 470.7 s, l1 837.3 -> 844.0 s; AMRs 607.2 -> 611.9 s and 1,113.7 -> 1,122.7 s).
 * The LP is capped at MAX_COLUMNS (robot classes x recharge counts x delivery classes).
 */
export function driveItemsLpBound(
  problem: Problem,
  fleetDriving: number,
  fleetDrive: number,
  known: number,
  shared: Pick<SharedBoundWork, 'poll' | 'costlyStop' | 'modelAssignment' | 'driveModelAssignment'>,
  settings: DriveItemsLpOptions = {},
): number {
  const { poll } = shared;
  const usable = usableRobots(problem);
  const n = problem.deliveryCount;
  if (problem.pointRobot || n === 0 || usable.length === 0) return 0;
  const handlingDrive = problem.handlingSeconds * problem.speed;
  const metres = itemPotentials(problem, shared.modelAssignment(), usable, problem, 0);
  const drives = itemPotentials(
    problem,
    shared.driveModelAssignment(),
    usable,
    onDriveTimes(problem),
    2 * handlingDrive,
  );
  const priced = settings.pricedDetours === false ? [] : pricedDriveItems(problem, usable, 2 * handlingDrive, poll);
  const classes = deliveryClassItems(problem, metres.item, drives.item, priced);
  const groups = robotGroups(problem, usable, metres.kappa, drives.kappa, priced);
  const deadline = shared.costlyStop(SAFETY_BUDGET_S);
  const needs: Needs = {
    metres: fleetDriving,
    drive: fleetDrive + 2 * n * handlingDrive,
    priced: priced.map((rows) => rows.need + 2 * n * handlingDrive),
  };
  const largest = Math.max(1, known) * LARGEST_FACTOR;
  const options = chargeOptions(problem, groups, largest);
  const servable = groups.map((group) => classes.filter((item) => canServe(problem, group.robot, item.delivery)));
  let columns = classes.length + 2 + priced.length;
  for (const option of options) columns += 1 + servable[option.group].length;
  if (columns > MAX_COLUMNS) return 0;
  const programme = new ItemProgramme(
    problem,
    classes,
    servable,
    groups,
    options,
    needs,
    priced.map((rows) => rows.price),
  );
  try {
    let solves = 0;
    const infeasible = (makespan: number) => {
      poll?.();
      solves++;
      return !programme.feasibleAt(makespan, (deadline - performance.now()) / 1000);
    };
    const mayGoOn = () => solves < MAX_SOLVES && performance.now() <= deadline;
    // The largest M proven infeasible (a bound) and the smallest found feasible.
    let low = Math.max(0, known);
    if (low > 0 && !infeasible(low)) return 0;
    let high = Math.min(largest, Math.max(low * 1.1, 1));
    while (high < largest && mayGoOn() && infeasible(high)) {
      low = high;
      high = Math.min(largest, high * 1.5);
    }
    while (high - low > RELATIVE_PRECISION * high && mayGoOn()) {
      const middle = (low + high) / 2;
      if (infeasible(middle)) low = middle;
      else high = middle;
    }
    return low * (1 - RELATIVE_TOLERANCE);
  } finally {
    programme.dispose();
  }
}

export interface DriveItemsLpOptions {
  /** Leave out the rows with the recharges' detours priced (`pricedDriveItems`): for tests and measurements of what they add. */
  pricedDetours?: boolean;
}

interface Needs {
  /** W: the fleet's least productive metres. */
  metres: number;
  /** W' plus every delivery's two handlings, in drive metres. */
  drive: number;
  /** Per station-arc price, W'(price) plus every delivery's two handlings (`pricedDriveItems`). */
  priced: number[];
}

interface ItemPotentials {
  /** Per delivery: its length, the least share of a predecessor arc (u_j + v_j) and `extra`. */
  item: Float64Array;
  /** Per usable robot (in `usable` order): v_start - max v, at most 0. */
  kappa: Float64Array;
}

/**
 * Step 1 of the argument on one table (metres, or drive metres with `extra` = two handlings), from
 * the model bound's predecessor assignment on that table, solved place by place
 * (predecessor-bound.ts): every delivery of a pickup place takes its u, every dropoff and robot
 * start its place's w, a feasible dual of the delivery-level assignment, so its cost grows with
 * places, not deliveries.
 */
function itemPotentials(
  problem: Problem,
  { groups, prices }: Pick<ModelBoundWork, 'groups' | 'prices'>,
  usable: readonly number[],
  table: Problem,
  extra: number,
): ItemPotentials {
  const n = problem.deliveryCount;
  const item = new Float64Array(n);
  const kappa = new Float64Array(usable.length);
  if (groups === null || prices === null) return { item, kappa };
  const pickupOf = new Map<number, number>();
  groups.pickupNodes.forEach((node, q) => pickupOf.set(node, q));
  const predecessorOf = new Map<number, number>();
  prices.predecessorNodes.forEach((node, p) => predecessorOf.set(node, p));
  let highest = -Infinity;
  for (const price of prices.predecessor) highest = Math.max(highest, price);
  problem.deliveries.forEach((delivery, j) => {
    const u = prices.pickup[pickupOf.get(delivery.pickupNode) as number];
    const w = prices.predecessor[predecessorOf.get(delivery.dropoffNode) as number];
    item[j] = table.deliveryLength[j] + u + w + extra;
  });
  usable.forEach((robot, k) => {
    const w = prices.predecessor[predecessorOf.get(problem.robots[robot].startNode) as number];
    kappa[k] = Math.min(0, w - highest);
  });
  return { item, kappa };
}

interface ClassItem {
  /** A delivery of the class (which robots can serve it). */
  delivery: number;
  count: number;
  /** The least metres and drive metres of its deliveries' items (lowering an item keeps the programme a relaxation). */
  metres: number;
  drive: number;
  /** The least priced drive item per station-arc price (`pricedDriveItems` order). */
  priced: Float64Array;
}

function deliveryClassItems(
  problem: Problem,
  metres: Float64Array,
  drives: Float64Array,
  priced: readonly PricedDriveItems[],
): ClassItem[] {
  const items: ClassItem[] = Array.from(problem.deliveryClassFirst, (delivery) => ({
    delivery,
    count: 0,
    metres: Infinity,
    drive: Infinity,
    priced: new Float64Array(priced.length).fill(Infinity),
  }));
  for (let j = 0; j < problem.deliveryCount; j++) {
    const item = items[problem.deliveryClass[j]];
    item.count++;
    item.metres = Math.min(item.metres, metres[j]);
    item.drive = Math.min(item.drive, drives[j]);
    priced.forEach((rows, k) => {
      item.priced[k] = Math.min(item.priced[k], rows.item[j]);
    });
  }
  return items;
}

/**
 * Drive items with the recharges' detours priced (the detour-capacity bound's Lagrangian step on
 * the legs' least times), one set per price lambda >= 0. In the predecessor assignment on drive
 * metres an arc from a dropoff may instead go through a home station at its drive less lambda
 * (`PricedAssignment`); its dual (u, w) satisfies u_q + w_p - lambda <= that arc's priced cost.
 * A robot's drive, its recharges' ways through its station included, is at least the priced cost
 * of its arcs plus lambda for each arc through a station, so with items
 * p_j(lambda) = drive length + u + w - lambda + two handlings and kappa as in step 1,
 *   D_r + 2k h v >= sum of p_j(lambda) + kappa_r(lambda) + lambda s_r,
 * while D_r + (2k - 1) h v <= (M - ready - c R) v (step 2). Its arcs through a station s_r are
 * at least its recharges that find the battery not full but one before its first delivery (for a
 * robot that does not start full on its station; a recharge after its last delivery only makes a
 * plan later, so the plans without one are the ones to bound). The
 * capacity of a (class, c) pair is then (M - ready - c R) v - lambda max(0, c - first) + h v,
 * and the fleet needs W'(lambda) + 2 n h v, W'(lambda) the drive lengths plus A(lambda). Any
 * lambda keeps every plan a solution; the programme holds every price's rows at once. The
 * prices tried make about N/2, N and 2N pickups (N usable robots) prefer the way through a
 * station (`PricedAssignment.priceEstimate`), where the recharges of a fleet that needs them
 * mostly lie.
 */
interface PricedDriveItems {
  price: number;
  item: Float64Array;
  kappa: Float64Array;
  /** W'(price): the deliveries' drive lengths plus A(price), in drive metres. */
  need: number;
}

function pricedDriveItems(
  problem: Problem,
  usable: readonly number[],
  extra: number,
  poll?: () => void,
): PricedDriveItems[] {
  if (!(problem.rechargeSeconds > 0) || !Number.isFinite(problem.maxDistance)) return [];
  const drives = onDriveTimes(problem);
  const assignment = new PricedAssignment(drives, [...usable], poll);
  const fleet = usable.length;
  const prices = new Set<number>();
  for (const recharges of [Math.ceil(fleet / 2), fleet, 2 * fleet]) prices.add(assignment.priceEstimate(recharges));
  const lengths = totalDeliveryLength(drives);
  const rows: PricedDriveItems[] = [];
  for (const price of prices) {
    if (!(price > 0) || !Number.isFinite(price)) continue;
    const solved = assignment.solve(price);
    if (solved.prices === null) continue;
    const { item, kappa } = itemPotentials(
      problem,
      { groups: assignment.groups, prices: solved.prices },
      usable,
      drives,
      extra - price,
    );
    rows.push({ price, item, kappa, need: lengths + solved.arcs });
  }
  return rows;
}

interface RobotGroup {
  robot: number;
  size: number;
  /** The group's least kappa and kappa' (the largest capacity any of its robots has). */
  kappa: number;
  kappaDrive: number;
  /** The least kappa(lambda) per station-arc price. */
  kappaPriced: Float64Array;
  metres: RobotChargeFigures;
  drive: RobotChargeFigures;
}

/** Robots of one class share start, home, ready time and charge, so every figure of the argument. */
function robotGroups(
  problem: Problem,
  usable: readonly number[],
  kappa: Float64Array,
  kappaDrive: Float64Array,
  priced: readonly PricedDriveItems[],
): RobotGroup[] {
  const metres = robotChargeFigures(problem, usable);
  const drive = robotChargeFigures(onDriveTimes(problem), usable);
  const byClass = new Map<number, RobotGroup>();
  usable.forEach((robot, k) => {
    const known = byClass.get(problem.robotClass[robot]);
    if (known) {
      known.size++;
      known.kappa = Math.min(known.kappa, kappa[k]);
      known.kappaDrive = Math.min(known.kappaDrive, kappaDrive[k]);
      priced.forEach((rows, p) => {
        known.kappaPriced[p] = Math.min(known.kappaPriced[p], rows.kappa[k]);
      });
    } else {
      byClass.set(problem.robotClass[robot], {
        robot,
        size: 1,
        kappa: kappa[k],
        kappaDrive: kappaDrive[k],
        kappaPriced: Float64Array.from(priced, (rows) => rows.kappa[k]),
        metres: metres[k],
        drive: drive[k],
      });
    }
  });
  return [...byClass.values()];
}

/** A robot class and a number of recharges its robots may make. */
interface ChargeOption {
  group: number;
  charges: number;
}

/**
 * Every (robot class, recharge count) a makespan up to `largest` leaves time for, up to the count
 * past which more recharges only lower both capacities: once the charges hold all the robot has
 * time to drive, each recharge takes its time and detour from both, so such an option is no
 * better than the fewest recharges with that property (at every M <= `largest`, whose count is
 * no larger), and leaving it out keeps every plan a solution.
 */
function chargeOptions(problem: Problem, groups: readonly RobotGroup[], largest: number): ChargeOption[] {
  const { maxDistance, rechargeSeconds, speed } = problem;
  const options: ChargeOption[] = [];
  groups.forEach((group, g) => {
    const time = largest - problem.readyS[group.robot];
    const first = maxDistance - problem.initialUsed[group.robot] - group.metres.reserve;
    const detour = group.metres.detour;
    for (let c = 0; c <= MAX_CHARGES && time - c * rechargeSeconds > 0; c++) {
      options.push({ group: g, charges: c });
      if (rechargeSeconds <= 0) break;
      const charged = first + c * (maxDistance - detour);
      if (charged >= (time - c * rechargeSeconds) * speed - c * detour) break;
    }
  });
  return options;
}

/**
 * The linear programme of step 3, built once with a column per charge option; `feasibleAt`
 * rewrites the capacities for one makespan and runs HiGHS again from the last basis.
 */
class ItemProgramme {
  private readonly model = highs.createModel();
  private readonly options: (ChargeOption & { column: number; metresRow: number })[] = [];
  private readonly metresRow: number;
  private readonly driveRow: number;
  /** The fleet's need row of each station-arc price (after `driveRow`). */
  private readonly pricedRows: number[];

  constructor(
    private readonly problem: Problem,
    classes: readonly ClassItem[],
    /** Per group, the classes its robots can serve. */
    servable: readonly (readonly ClassItem[])[],
    private readonly groups: readonly RobotGroup[],
    options: readonly ChargeOption[],
    needs: Needs,
    private readonly prices: readonly number[],
  ) {
    const { model } = this;
    const inf = highs.infinity;
    model.options.set({ output_flag: false });
    for (const group of groups) model.addRow(-inf, group.size, { indices: [], values: [] });
    const coverRow = groups.length;
    const coverOf = new Map(classes.map((item, k) => [item, coverRow + k]));
    for (const item of classes) model.addRow(item.count, inf, { indices: [], values: [] });
    this.metresRow = coverRow + classes.length;
    this.driveRow = this.metresRow + 1;
    model.addRow(needs.metres, inf, { indices: [], values: [] });
    model.addRow(needs.drive, inf, { indices: [], values: [] });
    this.pricedRows = needs.priced.map((need, k) => {
      model.addRow(need, inf, { indices: [], values: [] });
      return this.driveRow + 1 + k;
    });
    // Slack on the cover and need rows keeps every programme feasible: the makespan is too short
    // exactly when the least slack is positive (phase two of the simplex, warm from the last basis).
    for (let k = 0; k < classes.length; k++) model.addCol(1, 0, inf, { indices: [coverRow + k], values: [1] });
    const needRows = [needs.metres, needs.drive, ...needs.priced];
    needRows.forEach((need, k) => {
      model.addCol(1 / Math.max(1, need / classes.length), 0, inf, { indices: [this.metresRow + k], values: [1] });
    });
    let row = this.metresRow + needRows.length;
    let column = classes.length + needRows.length;
    // Per option: its metres row, its drive row and a row per station-arc price.
    const optionRows = 2 + prices.length;
    for (const option of options) {
      const metresRow = row;
      row += optionRows;
      for (let k = 0; k < optionRows; k++) model.addRow(-inf, 0, { indices: [], values: [] });
      // The robots' count; its capacities are written by `feasibleAt`.
      model.addCol(0, 0, inf, { indices: [option.group], values: [1] });
      this.options.push({ ...option, column: column++, metresRow });
      for (const item of servable[option.group]) {
        model.addCol(0, 0, inf, {
          indices: [coverOf.get(item) as number, ...Array.from({ length: optionRows }, (_, k) => metresRow + k)],
          values: [1, item.metres, item.drive, ...item.priced],
        });
        column++;
      }
    }
  }

  /** Whether the programme may have a solution at makespan M: only an optimum that needs slack says no (a run out of `secondsLeft` says yes). */
  feasibleAt(makespan: number, secondsLeft: number): boolean {
    const { model, problem, groups } = this;
    const { maxDistance, rechargeSeconds, speed } = problem;
    const handlingDrive = problem.handlingSeconds * speed;
    for (const option of this.options) {
      const group = groups[option.group];
      const c = option.charges;
      const time = makespan - problem.readyS[group.robot] - c * rechargeSeconds;
      if (time <= 0) {
        // No robot of the class makes c recharges within M.
        model.changeColBounds(option.column, 0, 0);
        continue;
      }
      model.changeColBounds(option.column, 0, highs.infinity);
      const first = maxDistance - problem.initialUsed[group.robot] - group.metres.reserve;
      const driving = time * speed;
      const metres =
        Math.max(0, Math.min(first + c * (maxDistance - group.metres.detour), driving - c * group.metres.detour)) +
        SAFE_SLACK;
      const drive = Math.max(0, driving - c * group.drive.detour) + handlingDrive + SAFE_SLACK;
      model.changeCoefficient(option.metresRow, option.column, -(metres - group.kappa));
      model.changeCoefficient(option.metresRow + 1, option.column, -(drive - group.kappaDrive));
      model.changeCoefficient(this.metresRow, option.column, metres);
      model.changeCoefficient(this.driveRow, option.column, drive);
      // A recharge before the first delivery (one that does not start full) is no arc through a station.
      const throughStation = Math.max(0, c - (group.metres.startsFull ? 0 : 1));
      this.prices.forEach((price, k) => {
        const priced = Math.max(0, driving - price * throughStation) + handlingDrive + SAFE_SLACK;
        model.changeCoefficient(option.metresRow + 2 + k, option.column, -(priced - group.kappaPriced[k]));
        model.changeCoefficient(this.pricedRows[k], option.column, priced);
      });
    }
    // HiGHS's time limit counts every run of the model: restart its clock.
    model.zeroAllClocks();
    model.options.set({ time_limit: Math.max(0.01, secondsLeft) });
    model.run();
    return (
      model.getModelStatus() !== highs.constants.modelStatus.optimal || model.getObjectiveValue() <= SLACK_TOLERANCE
    );
  }

  dispose(): void {
    this.model.dispose();
  }
}
