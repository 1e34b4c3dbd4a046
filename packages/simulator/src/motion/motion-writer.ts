import { round3 } from '@fleetlab/warehouse';

/** Numbers a motion segment takes: time, x, y, heading (degrees), speed, acceleration, motion state (see `robotExecutionSchema.motion`). */
const SEGMENT = 7;

/**
 * Writes a robot's motion segments into a typed buffer that doubles when full. A day on a large
 * floor writes millions of segments; pushed one number at a time onto a plain array they cost
 * more than the run that makes them. Times and figures are kept to the millisecond and
 * millimetre the record stores.
 */
export class MotionWriter {
  private buffer = new Float64Array(64 * SEGMENT);
  private length = 0;

  /** The robot is at (x, y) facing `heading` quarter turns at `time`, moving at `speed` with `accel`, in motion state `state`. */
  write(time: number, x: number, y: number, heading: number, speed: number, accel: number, state: number): void {
    const t = round3(time);
    // A segment at the time of the one before replaces it (it lasted no time).
    if (this.length > 0 && this.buffer[this.length - SEGMENT] === t) this.length -= SEGMENT;
    if (this.length + SEGMENT > this.buffer.length) {
      const grown = new Float64Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    const b = this.buffer;
    const at = this.length;
    b[at] = t;
    b[at + 1] = round3(x);
    b[at + 2] = round3(y);
    b[at + 3] = heading * 90;
    b[at + 4] = round3(speed);
    b[at + 5] = round3(accel);
    b[at + 6] = state;
    this.length = at + SEGMENT;
  }

  /** The segments written, flat, as the record keeps them. */
  segments(): number[] {
    // Sized once and filled: an array grown by pushes is copied at every growth, and `Array.from`
    // walks a typed array through its iterator; on a day's hundred thousand numbers a robot each
    // is several times slower.
    const segments = new Array<number>(this.length);
    for (let k = 0; k < this.length; k++) segments[k] = this.buffer[k];
    return segments;
  }
}
