import { KeyedHeap } from '@fleetlab/warehouse';

/**
 * Items with a value and a number of copies, added in any order and taken back one copy at a
 * time, cheapest first: the heap is arranged in linear time on the first take, so taking only
 * the few cheapest of many items costs little. Reusable after `clear`.
 */
export class AscendingHeap {
  private readonly values: Float64Array;
  private readonly copies: Int32Array;
  private readonly heap: KeyedHeap;
  private added = 0;
  private arranged = false;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
    this.copies = new Int32Array(capacity);
    this.heap = new KeyedHeap(capacity);
  }

  clear(): void {
    this.heap.clear();
    this.added = 0;
    this.arranged = false;
  }

  /** Adds an item (its index is the number of items added before it). */
  add(value: number, copies = 1): void {
    if (this.arranged) throw new Error('AscendingHeap.add after a take; clear it first');
    this.values[this.added] = value;
    this.copies[this.added] = copies;
    if (copies > 0) this.heap.append(value, this.added);
    this.added++;
  }

  isEmpty(): boolean {
    return this.heap.size === 0;
  }

  /** The index of the cheapest item left; one of its copies is taken. */
  takeItem(): number {
    if (!this.arranged) {
      this.arranged = true;
      this.heap.arrange();
    }
    if (this.heap.size === 0) throw new Error('AscendingHeap.takeItem on an empty heap');
    const top = this.heap.topPayload();
    if (--this.copies[top] === 0) this.heap.pop();
    return top;
  }

  /** The value of the cheapest item left; one of its copies is taken. */
  takeValue(): number {
    return this.values[this.takeItem()];
  }
}
