import type { Floor } from '@fleetlab/warehouse';

/**
 * Walk lengths to a goal around the cells broken-down robots block: the floor's distance field
 * (`Floor.distanceField`) with those cells taken out. Robots heading somewhere follow this field
 * while a breakdown is on, so PIBT's cost to go (and the tight rule's "closer") leads round the
 * broken robot instead of into it. Fields are cached per goal until the blocked cells change.
 */
export class DetourFields {
  /** The blocked cells, in the order they were blocked. */
  readonly blockedCells: number[] = [];
  private fields = new Map<number, Int32Array>();

  constructor(
    private readonly floor: Floor,
    /** 1 where a broken-down robot stands (`FloorTraffic.blockedCell`). */
    private readonly blocked: Uint8Array,
  ) {}

  block(cell: number): void {
    if (this.blocked[cell]) return;
    this.blocked[cell] = 1;
    this.blockedCells.push(cell);
    this.fields.clear();
  }

  unblock(cell: number): void {
    if (!this.blocked[cell]) return;
    this.blocked[cell] = 0;
    this.blockedCells.splice(this.blockedCells.indexOf(cell), 1);
    this.fields.clear();
  }

  get blockedCount(): number {
    return this.blockedCells.length;
  }

  /** Every cell's walk length to `goal` avoiding the blocked cells (UNREACHABLE where there is none; a blocked goal is unreachable). */
  field(goal: number): Int32Array {
    if (this.blockedCount === 0) return this.floor.distanceField(goal);
    let field = this.fields.get(goal);
    if (field) return field;
    field = new Int32Array(this.floor.cellCount);
    this.floor.fillDistanceField(goal, field, this.blocked);
    this.fields.set(goal, field);
    return field;
  }
}
