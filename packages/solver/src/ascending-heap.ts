/**
 * Items with a value and a number of copies, added in any order and taken back one copy at a
 * time, cheapest first: a binary min-heap on typed arrays, built in linear time on the first
 * take, so taking only the few cheapest of many items costs little. Reusable after `clear`.
 */
export class AscendingHeap {
  private readonly values: Float64Array;
  private readonly copies: Int32Array;
  private readonly heap: Int32Array;
  private size = 0;
  private added = 0;
  private built = false;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
    this.copies = new Int32Array(capacity);
    this.heap = new Int32Array(capacity);
  }

  clear(): void {
    this.size = 0;
    this.added = 0;
    this.built = false;
  }

  /** Adds an item (its index is the number of items added before it). */
  add(value: number, copies = 1): void {
    if (this.built) throw new Error('AscendingHeap.add after a take; clear it first');
    this.values[this.added] = value;
    this.copies[this.added] = copies;
    if (copies > 0) this.heap[this.size++] = this.added;
    this.added++;
  }

  isEmpty(): boolean {
    return this.size === 0;
  }

  /** The index of the cheapest item left; one of its copies is taken. */
  takeItem(): number {
    if (!this.built) {
      this.built = true;
      for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i);
    }
    if (this.size === 0) throw new Error('AscendingHeap.takeItem on an empty heap');
    const top = this.heap[0];
    if (--this.copies[top] === 0) {
      this.heap[0] = this.heap[--this.size];
      this.siftDown(0);
    }
    return top;
  }

  /** The value of the cheapest item left; one of its copies is taken. */
  takeValue(): number {
    return this.values[this.takeItem()];
  }

  private siftDown(start: number): void {
    const { heap, values, size } = this;
    const item = heap[start];
    const value = values[item];
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && values[heap[child + 1]] < values[heap[child]]) child++;
      if (values[heap[child]] >= value) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = item;
  }
}
