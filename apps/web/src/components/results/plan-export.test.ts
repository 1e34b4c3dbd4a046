import { describe, expect, it } from 'vitest';
import { csvField, planToCsv, PLAN_CSV_COLUMNS, solveFileName, solveToJson } from './plan-export.ts';
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

describe('solveToJson', () => {
  const solve = {
    id: 42,
    name: 'Morning',
    status: 'completed',
    environment_id: 11,
    environment: { id: 11, name: 'Small Warehouse' },
    environment_version: 2,
    environment_latest_version: 3,
    parameters: { algorithm_type: 'makespan', time_limit: 30, robot_count: 9 },
    results: TWO_ROBOT_RESULTS,
    stats: {
      makespan_s: 120,
      lower_bound_s: 100,
      gap: 0.2,
      execution: { executed_makespan_s: 131, waiting_s: 4, throughput_per_h: 60 },
      shift: { throughput_per_h: 58, cycle_p95_s: 300 },
    },
    execution: { step_s: 1, robots: {}, totals: { executed_makespan_s: 131 } },
    progress: null,
    celery_task_id: 'job-42',
    created_at: '2025-03-01T09:00:00.000Z',
  };

  it('holds the whole record: parameters, plan, makespan, bound, gap, execution and shift figures, the layout', () => {
    const { progress: _progress, celery_task_id: _job, ...record } = solve;
    expect(JSON.parse(solveToJson(solve))).toEqual({
      format: 'fleetlab-solve',
      format_version: 1,
      ...record,
      environment: { id: 11, name: 'Small Warehouse', version: 2 },
    });
  });

  it('says null for the layout version only of a record that has none', () => {
    const { environment_version: _version, ...unversioned } = solve;
    expect(JSON.parse(solveToJson(unversioned)).environment).toEqual({
      id: 11,
      name: 'Small Warehouse',
      version: null,
    });
  });

  it('names files after the solve', () => {
    expect(solveFileName(42, 'csv')).toBe('solve-42-plan.csv');
    expect(solveFileName(42, 'json')).toBe('solve-42.json');
  });
});
