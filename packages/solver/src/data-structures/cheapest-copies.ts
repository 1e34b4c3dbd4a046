import { KeyedHeap } from '@fleetlab/warehouse';

/**
 * The `limit` cheapest copies among items offered one at a time (a value and a number of
 * copies): a heap of the items kept, dearest on top, dropping it while the others still hold
 * `limit` copies, so once full an item dearer than every kept one costs one comparison.
 * Reusable after `reset`.
 */
export class CheapestCopies {
  /** Keyed by minus the value, so the dearest kept item is on top. */
  private readonly heap: KeyedHeap;
  private held = 0;
  private limit = 0;

  constructor(capacity: number) {
    this.heap = new KeyedHeap(capacity);
  }

  reset(limit: number): void {
    this.heap.clear();
    this.held = 0;
    this.limit = limit;
  }

  offer(value: number, copies: number): void {
    const heap = this.heap;
    if (copies <= 0 || this.limit <= 0) return;
    if (this.held >= this.limit && value >= -heap.topKey()) return;
    heap.push(-value, copies);
    this.held += copies;
    while (this.held - heap.topPayload() >= this.limit) this.held -= heap.pop();
  }

  /** The value of the dearest kept copy once `limit` copies are kept (the limit-th cheapest so far), else Infinity. */
  dearest(): number {
    return this.held >= this.limit && this.heap.size > 0 ? -this.heap.topKey() : Infinity;
  }

  /** The kept copies, cheapest first: at most `limit` of them. Empties the selection. */
  sorted(): Float64Array {
    const heap = this.heap;
    const result = new Float64Array(Math.min(this.limit, this.held));
    // Dearest first out of the heap, so fill from the end; the dearest item may hold more
    // copies than fit.
    let at = this.held;
    while (heap.size > 0) {
      const value = -heap.topKey();
      const copies = heap.pop();
      for (let c = 0; c < copies; c++) if (--at < result.length) result[at] = value;
    }
    this.held = 0;
    return result;
  }
}
