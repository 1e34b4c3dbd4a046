/**
 * A binary min-heap of (key, payload) pairs on typed arrays, of fixed capacity: pushed one at a
 * time, or appended unordered and arranged at once in linear time.
 */
export class KeyedHeap {
  private readonly keys: Float64Array;
  private readonly payloads: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.payloads = new Int32Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  push(key: number, payload: number): void {
    const { keys, payloads } = this;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      payloads[i] = payloads[parent];
      i = parent;
    }
    keys[i] = key;
    payloads[i] = payload;
  }

  /** Adds a pair without ordering: call `arrange` before the heap is read again. */
  append(key: number, payload: number): void {
    this.keys[this.size] = key;
    this.payloads[this.size++] = payload;
  }

  arrange(): void {
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i, this.keys[i], this.payloads[i]);
  }

  topKey(): number {
    return this.keys[0];
  }

  topPayload(): number {
    return this.payloads[0];
  }

  /** Removes the smallest pair and returns its payload. */
  pop(): number {
    const top = this.payloads[0];
    const last = --this.size;
    if (last > 0) this.siftDown(0, this.keys[last], this.payloads[last]);
    return top;
  }

  private siftDown(start: number, key: number, payload: number): void {
    const { keys, payloads, size } = this;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= key) break;
      keys[i] = keys[child];
      payloads[i] = payloads[child];
      i = child;
    }
    keys[i] = key;
    payloads[i] = payload;
  }
}
