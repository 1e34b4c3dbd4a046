/**
 * The `limit` cheapest copies among items offered one at a time (a value and a number of
 * copies): a max-heap of the items kept, dropping the dearest while the others still hold
 * `limit` copies, so once it is full an item dearer than every kept one costs one comparison.
 * Reusable after `reset`.
 */
export class CheapestCopies {
  private readonly values: Float64Array;
  private readonly copies: Int32Array;
  private size = 0;
  private held = 0;
  private limit = 0;

  constructor(capacity: number) {
    this.values = new Float64Array(capacity);
    this.copies = new Int32Array(capacity);
  }

  reset(limit: number): void {
    this.size = 0;
    this.held = 0;
    this.limit = limit;
  }

  offer(value: number, copies: number): void {
    if (copies <= 0 || this.limit <= 0) return;
    if (this.held >= this.limit && value >= this.values[0]) return;
    // Sift the new item up from the end.
    const { values } = this;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (values[parent] >= value) break;
      values[i] = values[parent];
      this.copies[i] = this.copies[parent];
      i = parent;
    }
    values[i] = value;
    this.copies[i] = copies;
    this.held += copies;
    while (this.held - this.copies[0] >= this.limit) {
      this.held -= this.copies[0];
      this.removeTop();
    }
  }

  /** The kept copies, cheapest first: at most `limit` of them. */
  sorted(): Float64Array {
    const descending: number[] = [];
    const counts: number[] = [];
    while (this.size > 0) {
      descending.push(this.values[0]);
      counts.push(this.copies[0]);
      this.removeTop();
    }
    const result = new Float64Array(Math.min(this.limit, this.held));
    let at = 0;
    for (let k = descending.length - 1; k >= 0 && at < result.length; k--) {
      for (let c = 0; c < counts[k] && at < result.length; c++) result[at++] = descending[k];
    }
    this.held = 0;
    return result;
  }

  private removeTop(): void {
    const { values, copies } = this;
    const size = --this.size;
    const value = values[size];
    const count = copies[size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && values[child + 1] > values[child]) child++;
      if (values[child] <= value) break;
      values[i] = values[child];
      copies[i] = copies[child];
      i = child;
    }
    values[i] = value;
    copies[i] = count;
  }
}
