import { describe, expect, it } from 'vitest';
import { csvField, planFileName, planToCsv, planToJson, PLAN_CSV_COLUMNS } from './plan-export.ts';
import { TWO_ROBOT_RESULTS } from './two-robot-plan.fixture.ts';

describe('planToCsv', () => {
  it('writes one row per step with the agreed columns, robots in id order', () => {
    expect(planToCsv(TWO_ROBOT_RESULTS)).toBe(
      [
        'robot,step,task_type,pickup,dropoff,path,total_distance,odometer_m,completion_time,battery_remaining,recharge_time',
        'R1_1,1,delivery,P1,D1,R1_1 > N1 > P1 > D1,10,10,10,50,',
        'R1_1,2,delivery,P2,D1,D1 > P2 > D1,16,16,16,20,',
        'R1_1,3,recharge,,,D1 > N1 > R1,24,24,204,100,3',
        'R1_1,4,delivery,P1,D1,R1 > N1 > P1 > D1,10,34,214,50,',
        'R1_2,1,delivery,P2,D1,R1_2 > N1 > P2 > D1,10,10,10,50,',
        'R1_2,2,recharge_in_place,,,D1,10,10,370,100,6',
        '',
      ].join('\n'),
    );
  });

  it('rebuilds the odometer of a plan from the original backend, which has none', () => {
    const withoutOdometer = {
      R1_1: TWO_ROBOT_RESULTS.R1_1.map(({ odometer_m: _odometer, ...step }) => step),
    };
    expect(
      planToCsv(withoutOdometer)
        .split('\n')
        .slice(1, 5)
        .map((row) => row.split(',')[7]),
    ).toEqual(['10', '16', '24', '34']);
  });

  it('has only the header for an empty plan and ignores stats', () => {
    expect(planToCsv({ R1_1: [], stats: { makespan_s: 0 } })).toBe(`${PLAN_CSV_COLUMNS.join(',')}\n`);
  });

  it('quotes fields with commas, quotes or line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('plain')).toBe('plain');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });
});

describe('planToJson', () => {
  it('round-trips the results map including stats', () => {
    expect(JSON.parse(planToJson(TWO_ROBOT_RESULTS))).toEqual(TWO_ROBOT_RESULTS);
  });

  it('names files after the solve', () => {
    expect(planFileName(42, 'csv')).toBe('solve-42-plan.csv');
    expect(planFileName(42, 'json')).toBe('solve-42-plan.json');
  });
});
