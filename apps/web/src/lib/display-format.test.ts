import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  batteryBarColour,
  batteryBarWidth,
  batteryStatus,
  batteryStatusColour,
  formatChargePerDelivery,
  formatClock,
  completionTimeAsShown,
  formatCompletionTime,
  formatCompletionTimeToTenths,
  formatDistance,
  formatFixed,
  formatGrouped,
  formatPercent1,
  formatMinutes,
  formatShortDuration,
  formatRuntime,
  formatDate,
  formatDateTime,
  formatGap,
  formatPath,
  formatPoint,
  locationName,
  rechargeDurationText,
  taskLabel,
  taskTypeText,
} from './display-format.ts';
import { deliveryStep, rechargeStep } from './plan-step.fixture.ts';

describe('formatCompletionTimeToTenths', () => {
  it('keeps a tenth of a second at every length, so a difference under a minute reads off two of them', () => {
    expect(formatCompletionTimeToTenths(45.3)).toBe('45.3 s');
    expect(formatCompletionTimeToTenths(59.96)).toBe('1 min 0.0 s');
    expect(formatCompletionTimeToTenths(1037.4)).toBe('17 min 17.4 s');
    expect(formatCompletionTimeToTenths(1049.9)).toBe('17 min 29.9 s');
    expect(formatCompletionTimeToTenths(3908.5)).toBe('1 h 5 min 8.5 s');
    expect(formatCompletionTimeToTenths(3_600_000 + 61.25)).toBe('1,000 h 1 min 1.3 s');
    expect(formatCompletionTimeToTenths(Number.NaN)).toBe('—');
  });
});

describe('formatCompletionTime (Max Completion Time)', () => {
  it('shows seconds with one decimal under a minute', () => {
    expect(formatCompletionTime(45.3)).toBe('45.3 s');
    expect(formatCompletionTime(0)).toBe('0.0 s');
    expect(formatCompletionTime(59.94)).toBe('59.9 s');
  });

  it('rounds a sum of figures as it rounds the equal figure counted in ticks', () => {
    // A dock queue of 10.65 + 10 + 1.2 + 0.4 s adds up to 22.249999999999996 in floating point,
    // and the same 445 ticks of 0.05 s to 22.25: both read 22.3 s (half up), never 22.2 beside 22.3.
    const summed = 10.65 + 10 + 1.2 + 0.4;
    expect(summed).toBeLessThan(22.25);
    expect(formatCompletionTime(summed)).toBe('22.3 s');
    expect(formatCompletionTime(445 * 0.05)).toBe('22.3 s');
    expect(formatCompletionTimeToTenths(summed)).toBe('22.3 s');
    expect(formatCompletionTime(60 + 29.5 - 1e-12)).toBe('1 min 30 s');
    // Every fixed-decimal figure rounds the same way: an experiment's table, grouped figures,
    // percentages and metres.
    expect(formatFixed(summed, 1)).toBe('22.3');
    expect(formatGrouped(summed, 1)).toBe('22.3');
    expect(formatPercent1(summed)).toBe('22.3%');
    expect(formatDistance(2.675)).toBe('2.68 m');
  });

  it('switches to minutes and seconds at 60 s, including values that round up to a minute', () => {
    expect(formatCompletionTime(125)).toBe('2 min 5 s');
    expect(formatCompletionTime(60)).toBe('1 min 0 s');
    expect(formatCompletionTime(59.96)).toBe('1 min 0 s');
    expect(formatCompletionTime(370)).toBe('6 min 10 s');
    expect(formatCompletionTime(3599.4)).toBe('59 min 59 s');
  });

  it('switches to hours at an hour, with grouped digits', () => {
    expect(formatCompletionTime(3599.6)).toBe('1 h 0 min 0 s');
    expect(formatCompletionTime(3908.5)).toBe('1 h 5 min 9 s');
    expect(formatCompletionTime(615_300)).toBe('170 h 55 min 0 s');
    expect(formatCompletionTime(3_600_000 + 61)).toBe('1,000 h 1 min 1 s');
  });

  it('rounds a duration as it shows it, for parts that must add up to their total on the page', () => {
    expect(completionTimeAsShown(59.94)).toBe(59.9);
    expect(completionTimeAsShown(59.96)).toBe(60);
    expect(completionTimeAsShown(100.5)).toBe(101);
    expect(completionTimeAsShown(3908.5)).toBe(3909);
  });
});

describe('big figures stay short (a 400-robot, 20,000-order day)', () => {
  it('writes distances in metres under a kilometre, then in kilometres with grouped digits', () => {
    expect(formatDistance(709.27)).toBe('709.27 m');
    expect(formatDistance(999.994)).toBe('999.99 m');
    expect(formatDistance(999.996)).toBe('1.00 km');
    expect(formatDistance(1_387_231.6)).toBe('1,387.23 km');
  });

  it('writes minutes under an hour with a decimal, then hours and minutes', () => {
    expect(formatMinutes(9)).toBe('9 min');
    expect(formatMinutes(17.8)).toBe('17.8 min');
    expect(formatMinutes(59.96)).toBe('1 h 0 min');
    expect(formatMinutes(10_255)).toBe('170 h 55 min');
    expect(formatMinutes(90_000)).toBe('1,500 h 0 min');
  });

  it('keeps any value up to a year short: durations in 19 characters, distances in 13, minutes in 14', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 31_536_000, noNaN: true }), (value) => {
        expect(formatCompletionTime(value).length).toBeLessThanOrEqual(19);
        expect(formatDistance(value).length).toBeLessThanOrEqual(13);
        expect(formatMinutes(value / 60).length).toBeLessThanOrEqual(14);
      }),
    );
  });

  it('writes scale ticks in one short unit', () => {
    // The heat map legend of a 9-minute worst cell: 0, 1/16, 1/4, 9/16 and all of 537 s.
    expect([0, 33.6, 134.25, 302, 537].map(formatShortDuration)).toEqual(['0 s', '34 s', '2.2 min', '5 min', '9 min']);
    expect(formatShortDuration(0.5625)).toBe('0.6 s');
    expect(formatShortDuration(9.96)).toBe('10 s');
    expect(formatShortDuration(59.4)).toBe('59 s');
    expect(formatShortDuration(59.6)).toBe('1 min');
    expect(formatShortDuration(5400)).toBe('1.5 h');
  });

  it('writes how long a solve ran in milliseconds under a second, else in seconds to a tenth', () => {
    expect([3, 507, 999.4, 999.6, 29_124, 1_203_456].map(formatRuntime)).toEqual([
      '3 ms',
      '507 ms',
      '999 ms',
      '1.0 s',
      '29.1 s',
      '1,203.5 s',
    ]);
  });

  it('writes the battery a delivery takes as a share of a charge', () => {
    expect(formatChargePerDelivery(0.0714)).toBe('7.1%');
    expect(formatChargePerDelivery(null)).toBe('N/A');
  });
});

describe('battery bar and status rules (spec §2, §9)', () => {
  it('colours green above 70, yellow above 30, red otherwise', () => {
    expect(batteryBarColour(70.1)).toBe('green');
    expect(batteryBarColour(70)).toBe('yellow');
    expect(batteryBarColour(30.1)).toBe('yellow');
    expect(batteryBarColour(30)).toBe('red');
    expect(batteryBarColour(-5)).toBe('red');
  });

  it('clamps the bar width to 0..100', () => {
    expect(batteryBarWidth(-3)).toBe(0);
    expect(batteryBarWidth(42.5)).toBe(42.5);
    expect(batteryBarWidth(130)).toBe(100);
    expect(batteryBarWidth(Number.NaN)).toBe(0);
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (level) => {
        const width = batteryBarWidth(level);
        return width >= 0 && width <= 100;
      }),
    );
  });

  it('marks Low Battery at 20 or less only for non-recharge steps, Full at 80 or more', () => {
    expect(batteryStatus(deliveryStep(20))).toBe('Low Battery');
    expect(batteryStatus(deliveryStep(20.01))).toBe('Normal');
    expect(batteryStatus(deliveryStep(79.99))).toBe('Normal');
    expect(batteryStatus(deliveryStep(80))).toBe('Full');
    expect(batteryStatus(rechargeStep({ battery_remaining: 10 }))).toBe('Normal');
    expect(batteryStatus(rechargeStep({ battery_remaining: 100 }))).toBe('Full');
    expect(batteryStatus(deliveryStep(undefined))).toBe('Normal');
  });

  it('colours a Battery Levels bar by its status, so a bar and its label never disagree', () => {
    // 26.7% is red by spec §9's bar rule but 'Normal' by the table's: the table's bar follows its label.
    expect(batteryBarColour(26.7)).toBe('red');
    expect(batteryStatusColour(batteryStatus(deliveryStep(26.7)))).toBe('yellow');
    expect(batteryStatusColour(batteryStatus(deliveryStep(81.6)))).toBe('green');
    expect(batteryStatusColour(batteryStatus(deliveryStep(12)))).toBe('red');
  });
});

describe('Task Type text (spec §2)', () => {
  it('names deliveries, in-place recharges and recharges at the last path element', () => {
    expect(taskTypeText(deliveryStep())).toBe('Delivery');
    expect(taskTypeText(rechargeStep({ task: 'recharge_in_place', path: ['D1'] }))).toBe('Recharge In Place');
    expect(taskTypeText(rechargeStep())).toBe('Recharge at R2');
    expect(taskTypeText(rechargeStep({ path: [] }))).toBe('Recharge at Station');
  });

  it('adds the recharge minutes to recharges only', () => {
    expect(rechargeDurationText(rechargeStep())).toBe('3 min');
    expect(rechargeDurationText(rechargeStep({ recharge_time: 4.5 }))).toBe('4.5 min');
    expect(rechargeDurationText(deliveryStep())).toBeNull();
  });

  it('labels a delivery by its pair', () => {
    expect(taskLabel(deliveryStep())).toBe('P1 → D1');
    expect(taskLabel(rechargeStep())).toBe('Recharge at R2');
  });
});

describe('gap and clock texts', () => {
  it('states the gap as a percentage of the best possible makespan', () => {
    expect(formatGap(0.018)).toBe('at most 1.8% above the best possible makespan');
    expect(formatGap(214 / 210.25 - 1)).toBe('at most 1.8% above the best possible makespan');
    expect(formatGap(0.0004)).toBe('at most 0.1% above the best possible makespan');
    expect(formatGap(undefined)).toBeNull();
  });

  it('names what the tightest bound cannot count beside a gap of 5% or more', () => {
    expect(formatGap(0.628, 'detour_capacity')).toBe(
      'at most 62.8% above the best possible makespan; the bound cannot count charger queues and the charge left unused when a robot recharges',
    );
    expect(formatGap(0.63, 'fleet_work')).toBe(
      'at most 63.0% above the best possible makespan; the bound cannot count charger queues, whole charges per robot and uneven work',
    );
    // Of what a bound cannot count, only what the plan has: no charger queue or whole charge in a
    // plan with no recharge, no charger queue where no robot queued, no dock queue where none formed.
    expect(formatGap(0.342, 'fleet_work', { recharges: 0, charger_queue_s: 0, dock_queue_s: 0 })).toBe(
      'at most 34.2% above the best possible makespan; the bound cannot count uneven work',
    );
    expect(formatGap(0.2, 'fleet_work', { recharges: 3, charger_queue_s: 0 })).toBe(
      'at most 20.0% above the best possible makespan; the bound cannot count whole charges per robot and uneven work',
    );
    expect(formatGap(0.2, 'charger_turns', { recharges: 3, dock_queue_s: 0 })).toBe(
      'at most 20.0% above the best possible makespan; the bound cannot count which robot recharges when',
    );
    expect(formatGap(0.2, 'dock_capacity', { recharges: 0 })).toBe(
      "at most 20.0% above the best possible makespan; the bound cannot count the robots' driving between the docks",
    );
    expect(formatGap(0.2, 'detour_capacity', { recharges: 2, charger_queue_s: 0 })).toBe(
      'at most 20.0% above the best possible makespan; the bound cannot count the charge left unused when a robot recharges',
    );
    expect(formatGap(0.2, 'detour_capacity', { recharges: 0, charger_queue_s: 0 })).toBe(
      'at most 20.0% above the best possible makespan',
    );
    // A small gap, or a bound stored without its name, says the gap alone.
    expect(formatGap(0.018, 'fleet_work')).toBe('at most 1.8% above the best possible makespan');
    expect(formatGap(0.3, null)).toBe('at most 30.0% above the best possible makespan');
  });

  it('calls a gap of 0 proven optimal, never "at most 0.0%"', () => {
    expect(formatGap(0)).toBe('proven optimal: no plan can finish sooner');
  });

  it('formats the simulated clock with tenths, and hours past an hour', () => {
    expect(formatClock(0)).toBe('0:00.0');
    expect(formatClock(75.25)).toBe('1:15.3');
    expect(formatClock(75.24)).toBe('1:15.2');
    // 31.75 s as a sum of steps (31.749999...) still reads as the slider's 31.8 s.
    expect(formatClock(0.1 * 317.5)).toBe('0:31.8');
    expect(formatClock(59.96)).toBe('1:00.0');
    expect(formatClock(3725.5)).toBe('1:02:05.5');
  });
});

describe('record field formats used by the pages', () => {
  it('shows a dash for missing or broken timestamps and points', () => {
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDate(null)).toBe('—');
    expect(formatPoint(null)).toBe('—');
    expect(formatPoint([1])).toBe('—');
  });

  it('formats points as (x, y)', () => {
    expect(formatPoint([3.5, 0.5])).toBe('(3.5, 0.5)');
  });
});

describe('locationName and formatPath', () => {
  it('names path nodes by their kind (spec §3)', () => {
    expect(['R1_1', 'R1', 'P3', 'D2', 'N14', 'X'].map(locationName)).toEqual([
      'Robot R1_1',
      'Station R1',
      'Pickup P3',
      'Dropoff D2',
      'Nav N14',
      'X',
    ]);
  });

  it('formatPath joins location names in travel order', () => {
    expect(formatPath(['R1_1', 'P3', 'N2', 'D1'])).toBe('Robot R1_1 → Pickup P3 → Nav N2 → Dropoff D1');
  });
});
