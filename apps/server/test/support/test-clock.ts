import type { Clock } from '../../src/clock.ts';

/** A clock that only moves when a test moves it. */
export class TestClock {
  private current: number;

  constructor(start: string | Date = '2026-01-15T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }

  readonly now: Clock = () => new Date(this.current);

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}
