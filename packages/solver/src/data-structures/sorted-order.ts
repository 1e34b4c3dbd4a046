/**
 * Stable argsort of a row of numbers: `order[0..length)` receives the indices of
 * `values[0..length)` by value, equal values by index. The values are sorted by the engine's
 * numeric sort (no comparison callback, several times faster on the long rows of places and
 * centres), then each index, in order, takes the next free slot of its value's run.
 * `scratch` and `used` are working memory of at least `length` entries.
 */
export function sortedOrder(
  values: Float64Array,
  length: number,
  order: Int32Array,
  scratch: Float64Array,
  used: Int32Array,
): void {
  const sorted = scratch.subarray(0, length);
  sorted.set(values.subarray(0, length));
  sorted.sort();
  used.fill(0, 0, length);
  for (let i = 0; i < length; i++) {
    const value = values[i];
    let low = 0;
    let high = length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle] < value) low = middle + 1;
      else high = middle;
    }
    order[low + used[low]++] = i;
  }
}
