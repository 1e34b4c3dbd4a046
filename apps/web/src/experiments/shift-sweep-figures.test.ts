import { describe, expect, it } from 'vitest';
import { RATE_SWEEP, SHIFT_FLEET_SWEEP } from './experiment-fixtures.ts';
import {
  candidatesOf,
  fellBehindText,
  parseP95TargetMinutes,
  parseRates,
  runsShifts,
  shiftSweepAnswer,
  shiftSweepCsv,
  shiftSweepRows,
} from './shift-sweep-figures.ts';

describe('parseRates', () => {
  it('reads a list of orders per hour, sorted and without repeats', () => {
    expect(parseRates('900, 300 600;300')).toEqual({ rates: [300, 600, 900] });
    expect(parseRates('12.5')).toEqual({ rates: [12.5] });
  });

  it('names what is wrong', () => {
    expect(parseRates(' ')).toEqual({ error: 'Rates are required' });
    expect(parseRates('300, many')).toEqual({
      error: "Enter orders per hour as a list like '300, 600, 900': 'many' is not a number",
    });
    expect(parseRates('0, 300')).toEqual({ error: 'Rates are from 1 to 20,000 orders per hour: 0 is not' });
    expect(parseRates(Array.from({ length: 31 }, (_, index) => index + 1).join(','))).toEqual({
      error: 'At most 30 rates',
    });
  });
});

describe('parseP95TargetMinutes', () => {
  it('turns minutes into seconds within 10 s and 24 h', () => {
    expect(parseP95TargetMinutes('10')).toEqual({ seconds: 600 });
    expect(parseP95TargetMinutes('7.5')).toEqual({ seconds: 450 });
    expect(parseP95TargetMinutes('0.1')).toEqual({
      error: 'P95 Target must be a number of minutes from 0.17 to 1,440',
    });
    expect(parseP95TargetMinutes('')).toEqual({ error: 'P95 Target must be a number of minutes from 0.17 to 1,440' });
  });
});

describe('shift sweep answers', () => {
  it('a rate sweep: the highest rate held, capped by the first that grew even when a higher one ends stable', () => {
    expect(runsShifts(RATE_SWEEP)).toBe(true);
    const rows = shiftSweepRows(RATE_SWEEP.points, 'rate');
    expect(rows.map((row) => [row.label, row.shift?.backlog_trend])).toEqual([
      ['300', 'stable'],
      ['600', 'stable'],
      ['900', 'growing'],
      ['1,200', 'stable'],
    ]);
    const answer = shiftSweepAnswer(RATE_SWEEP, rows, 600);
    expect(answer.text).toBe('Highest sustained rate: 600 orders/h. Above it the backlog grows.');
    expect([answer.row?.setting, answer.badge]).toEqual([600, 'Highest sustained']);
  });

  it('a rate sweep where every rate held, or none did, says so', () => {
    const stable = {
      ...RATE_SWEEP,
      points: RATE_SWEEP.points.map((point) => ({
        ...point,
        stats: point.stats && {
          ...point.stats,
          shift: point.stats.shift && { ...point.stats.shift, backlog_trend: 'stable' as const },
        },
      })),
    };
    expect(shiftSweepAnswer(stable, shiftSweepRows(stable.points, 'rate'), 600).text).toBe(
      'Every rate tested held: test higher rates. The highest tested, 1,200 orders/h, kept a stable backlog.',
    );
    const growing = {
      ...RATE_SWEEP,
      points: RATE_SWEEP.points.map((point) => ({
        ...point,
        stats: point.stats && {
          ...point.stats,
          shift: point.stats.shift && { ...point.stats.shift, backlog_trend: 'growing' as const },
        },
      })),
    };
    expect(shiftSweepAnswer(growing, shiftSweepRows(growing.points, 'rate'), 600).text).toBe(
      'No rate tested held: the backlog grows even at 300 orders/h. Test lower rates or add robots.',
    );
    expect(shiftSweepAnswer(RATE_SWEEP, [], 600).text).toBe('No point has finished yet.');
  });

  it('a fleet sweep of shifts: the fewest robots with a stable backlog and P95 within the target, or the closest', () => {
    const rows = shiftSweepRows(SHIFT_FLEET_SWEEP.points, 'robots');
    expect(shiftSweepAnswer(SHIFT_FLEET_SWEEP, rows, 600)).toMatchObject({
      text: 'Robots needed to hold 1,200/h with P95 <= 10 min: 6.',
      badge: 'Fewest that hold',
    });
    expect(shiftSweepAnswer(SHIFT_FLEET_SWEEP, rows, 450).text).toBe(
      'Robots needed to hold 1,200/h with P95 <= 7 min 30 s: 8.',
    );
    const none = shiftSweepAnswer(SHIFT_FLEET_SWEEP, rows, 300);
    expect(none.text).toBe(
      'No setting tested can hold 1,200/h with P95 <= 5 min. Closest: 8 robots (P95 6 min 40 s, backlog stable). Test more robots.',
    );
    expect([none.row?.setting, none.badge]).toEqual([8, 'Closest']);
  });

  it('says where robots with a model fell behind a dispatcher that saw the backlog stable, and only there', () => {
    // Drive units: 2 and 4 robots grew on the floor; the dispatcher saw 4 stable (2 grew on its clock too).
    const view = (trend: 'stable' | 'growing') => ({
      delivered: 2390,
      throughput_per_h: 1195,
      cycle_p50_s: 60,
      cycle_p95_s: 120,
      backlog_end: 10,
      backlog_trend: trend,
    });
    const withModel = {
      ...SHIFT_FLEET_SWEEP,
      points: SHIFT_FLEET_SWEEP.points.map((point, index) => ({
        ...point,
        stats: point.stats && {
          ...point.stats,
          shift: point.stats.shift && {
            ...point.stats.shift,
            backlog_trend: index < 2 ? ('growing' as const) : point.stats.shift.backlog_trend,
            dispatcher_view: view(index === 0 ? 'growing' : 'stable'),
          },
        },
      })),
    };
    const rows = shiftSweepRows(withModel.points, 'robots');
    expect(shiftSweepAnswer(withModel, rows, 600).text).toBe(
      "Robots needed to hold 1,200/h with P95 <= 10 min: 6. At 4 robots the backlog grew on the floor where the dispatcher, on its own clock, saw it stable: the robots fell behind it, and it does not learn by how much. The dispatcher's clock, where no robot is late, answers: Robots needed to hold 1,200/h with P95 <= 10 min: 4. The robots' own answer above is a pessimistic estimate, the dispatcher's an optimistic one; each solve's page sets the two side by side.",
    );
    // Point robots (no view) and robots that kept up say nothing more.
    const judged = { targetS: 600, ordersPerHour: 1200 };
    expect(fellBehindText(candidatesOf(shiftSweepRows(SHIFT_FLEET_SWEEP.points, 'robots')), 'robots', judged)).toBe('');
    expect(fellBehindText(candidatesOf(rows).slice(2), 'robots', judged)).toBe('');
    // None holds on the floor, 4 robots on the dispatcher's clock: no hint to test more robots.
    expect(shiftSweepAnswer(withModel, rows, 150).text).toMatch(
      /^No setting tested can hold 1,200\/h with P95 <= 2 min 30 s\. Closest: \d robots \(P95 [^)]+\)\. At 4 robots the backlog grew .* answers: Robots needed to hold 1,200\/h with P95 <= 2 min 30 s: 4\./,
    );
    // A rate sweep: 900 orders/h grew on the floor only; on the dispatcher's clock every rate held.
    const rates = shiftSweepRows(
      RATE_SWEEP.points.map((point) => ({
        ...point,
        stats: point.stats && {
          ...point.stats,
          shift: point.stats.shift && { ...point.stats.shift, dispatcher_view: view('stable') },
        },
      })),
      'rate',
    );
    expect(shiftSweepAnswer(RATE_SWEEP, rates, 600).text).toBe(
      "Highest sustained rate: 600 orders/h. Above it the backlog grows. At 900 orders/h the backlog grew on the floor where the dispatcher, on its own clock, saw it stable: the robots fell behind it, and it does not learn by how much. The dispatcher's clock, where no robot is late, answers: Every rate tested held: test higher rates. The highest tested, 1,200 orders/h, kept a stable backlog. The robots' own answer above is a pessimistic estimate, the dispatcher's an optimistic one; each solve's page sets the two side by side.",
    );
    expect(fellBehindText(candidatesOf(rows), 'chargers', judged)).toMatch(
      /^ At 4 chargers per station the backlog grew .* answers: Chargers per station needed to hold 1,200\/h with P95 <= 10 min: 4\./,
    );
  });

  it('exports every point with its shift figures and the answer marked', () => {
    const rows = shiftSweepRows(RATE_SWEEP.points, 'rate');
    expect(
      shiftSweepCsv(rows, 'rate', shiftSweepAnswer(RATE_SWEEP, rows, 600).row)
        .split('\n')
        .slice(0, 3),
    ).toEqual([
      'orders_per_hour,orders_per_hour_released,released,delivered,throughput_per_h,cycle_p50_s,cycle_p95_s,backlog_max,backlog_end,backlog_trend,utilisation_pct,dispatcher_cycle_p95_s,dispatcher_backlog_trend,status,answer,solve_id',
      '300,300,600,598,299,50,100,5,2,stable,25,,,completed,,81',
      '600,600,1200,1195,597.5,75,150,8,5,stable,50,,,completed,yes,82',
    ]);
    // Robots with a model: what their dispatcher saw beside their own figures.
    const [first] = rows;
    const withView = {
      ...first,
      shift: first.shift && {
        ...first.shift,
        dispatcher_view: {
          delivered: 600,
          throughput_per_h: 300,
          cycle_p50_s: 30,
          cycle_p95_s: 61.5,
          backlog_end: 0,
          backlog_trend: 'stable' as const,
        },
      },
    };
    expect(shiftSweepCsv([withView], 'rate', null).split('\n')[1]).toBe(
      '300,300,600,598,299,50,100,5,2,stable,25,61.5,stable,completed,,81',
    );
  });
});
