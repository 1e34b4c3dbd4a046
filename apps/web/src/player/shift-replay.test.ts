import { describe, expect, it } from 'vitest';
import { SHIFT_EXECUTION } from '../components/results/shift.fixture.ts';
import { buildOrderClock, ordersAt, shiftEndText, shiftTimeMarks } from './shift-replay.ts';

describe('ordersAt', () => {
  const clock = buildOrderClock(SHIFT_EXECUTION.orders ?? []);

  it('counts the hand-made shift’s orders at any time: released, waiting, on board, delivered', () => {
    expect(ordersAt(clock, 0)).toEqual({ released: 1, waiting: 1, onBoard: 0, delivered: 0 });
    // O1 picked up at 3 s, delivered at 6 s.
    expect(ordersAt(clock, 3)).toEqual({ released: 1, waiting: 0, onBoard: 1, delivered: 0 });
    expect(ordersAt(clock, 6)).toEqual({ released: 1, waiting: 0, onBoard: 0, delivered: 1 });
    // O2 and O3 released at 1,800 and 1,801 s; O2 on board from 1,803 s while O3 waits until 1,809 s.
    expect(ordersAt(clock, 1805)).toEqual({ released: 3, waiting: 1, onBoard: 1, delivered: 1 });
    // The end: O5 never picked up.
    expect(ordersAt(clock, 5400)).toEqual({ released: 5, waiting: 1, onBoard: 0, delivered: 4 });
  });
});

describe('shiftTimeMarks', () => {
  it('marks every quarter hour of a shift of two hours or less, else every hour, the end included', () => {
    expect(shiftTimeMarks(3600).map((mark) => mark.label)).toEqual(['15 min', '30 min', '45 min', '1 h']);
    expect(shiftTimeMarks(3600)[1]).toEqual({ time: 1800, label: '30 min' });
    expect(shiftTimeMarks(5 * 3600).map((mark) => mark.time)).toEqual([3600, 7200, 10800, 14400, 18000]);
    expect(shiftTimeMarks(2.5 * 3600).map((mark) => mark.label)).toEqual(['1 h', '2 h']);
    expect(shiftTimeMarks(600)).toEqual([]);
  });
});

describe('shiftEndText', () => {
  it('ends a replay that stops at the shift’s end as the shift, and names both ends when robots worked on', () => {
    expect(shiftEndText(5400, 5400)).toBe('End of the shift.');
    expect(shiftEndText(null, 5400)).toBe('End of the shift.');
    // A drive-unit hour whose robots finished the moves dispatched by its end 3 min 19.4 s later.
    expect(shiftEndText(3600, 3799.4)).toBe(
      'End of the replay: the shift ended at 1 h 0 min 0 s, and the robots finished the moves dispatched by then at 1 h 3 min 19 s.',
    );
  });
});
