import { describe, expect, it } from 'vitest';
import {
  defaultKneeValue,
  KNEE_RULE_OPTIONS,
  kneeChartLabel,
  kneeFindingText,
  kneeRuleOf,
  kneeRuleShortText,
  kneeValueLabel,
} from './knee-rule-text.ts';

const point = (x: number, makespan: number) => ({ x, makespan });

describe('knee rules on the experiment page', () => {
  it('reads each rule’s value as the planner types it, and names a bad one', () => {
    expect(kneeRuleOf('diminishing_returns', '5')).toEqual({ rule: { rule: 'diminishing_returns', min_gain: 0.05 } });
    expect(kneeRuleOf('within_best', '2.5')).toEqual({ rule: { rule: 'within_best', tolerance: 0.025 } });
    expect(kneeRuleOf('finish_by', '12')).toEqual({ rule: { rule: 'finish_by', deadline_s: 720 } });
    expect(kneeRuleOf('elbow', 'anything')).toEqual({ rule: { rule: 'elbow' } });
    expect(kneeRuleOf('diminishing_returns', '0')).toEqual({
      problem: 'Enter the least gain worth one more, above 0% and at most 100%.',
    });
    expect(kneeRuleOf('within_best', '-1')).toEqual({ problem: 'Enter a tolerance from 0% to 100%.' });
    expect(kneeRuleOf('finish_by', '')).toEqual({
      problem: 'Enter the deadline, in minutes, the fleet must finish by.',
    });
  });

  it('starts the diminishing-returns rule at 5% and the tolerance at the experiment’s own', () => {
    expect(defaultKneeValue('diminishing_returns', 0.05)).toBe('5');
    expect(defaultKneeValue('within_best', 0.1)).toBe('10');
    expect(defaultKneeValue('finish_by', 0.05)).toBe('');
  });

  it('speaks of chargers per station on a charger sweep', () => {
    const rule = { rule: 'diminishing_returns', min_gain: 0.05 } as const;
    expect(kneeFindingText({ status: 'knee', point: point(2, 700) }, rule, 'chargers', 'makespan with traffic')).toBe(
      'Knee: 2 chargers per station. Beyond it, one more charger per station gains less than 5% of the makespan with traffic.',
    );
    expect(
      kneeFindingText({ status: 'largest_tested', point: point(3, 690) }, rule, 'chargers', 'makespan with traffic'),
    ).toBe(
      'No knee within the range: up to the largest tested, 3 chargers per station, one more charger per station still gains at least 5% of the makespan with traffic. Test more chargers per station.',
    );
    expect(kneeFindingText({ status: 'no_points' }, rule, 'robots', 'planned makespan')).toBe(
      'The knee appears once points have completed.',
    );
  });

  it('says when the least gain asks more of one robot than any robot could give a fleet that large', () => {
    const rule = { rule: 'diminishing_returns', min_gain: 0.05 } as const;
    // 60 drive units on xl1: 100 robots halve the day, yet no robot added to 60 can gain 5%:
    // at best the work divides evenly, 1 / 61 = 1.6% a robot.
    expect(kneeFindingText({ status: 'knee', point: point(60, 1576) }, rule, 'robots', 'makespan with traffic')).toBe(
      'Knee: 60 robots. Beyond it, one more robot gains less than 5% of the makespan with traffic. Even if the work divided evenly, one more robot than 60 would gain at most 1.6%: a least gain above that cannot find a larger fleet worth it, so lower it (or read the elbow).',
    );
    // 19 robots: one more could gain 1 / 20 = 5%, so the rule can still look past them.
    expect(kneeFindingText({ status: 'knee', point: point(19, 900) }, rule, 'robots', 'makespan with traffic')).toBe(
      'Knee: 19 robots. Beyond it, one more robot gains less than 5% of the makespan with traffic.',
    );
    expect(
      kneeFindingText({ status: 'knee', point: point(60, 1576) }, { ...rule, min_gain: 0.01 }, 'robots', 'makespan'),
    ).toBe('Knee: 60 robots. Beyond it, one more robot gains less than 1% of the makespan.');
  });

  it('labels the value of diminishing returns by what the sweep adds', () => {
    const [diminishing] = KNEE_RULE_OPTIONS;
    expect(kneeValueLabel(diminishing, 'robots')).toBe('Least gain per robot (%)');
    expect(kneeValueLabel(diminishing, 'chargers')).toBe('Least gain per charger (%)');
  });

  it('names the rule on the chart’s knee mark', () => {
    expect(kneeRuleShortText({ rule: 'diminishing_returns', min_gain: 0.05 })).toBe('diminishing returns, 5%');
    expect(kneeRuleShortText({ rule: 'elbow' })).toBe('elbow');
    expect(kneeRuleShortText({ rule: 'within_best', tolerance: 0.025 })).toBe('within 2.5% of best');
    expect(kneeRuleShortText({ rule: 'finish_by', deadline_s: 600 })).toBe('finish by 10 min 0 s');
    const rule = { rule: 'diminishing_returns', min_gain: 0.05 } as const;
    expect(kneeChartLabel({ status: 'knee', point: point(3, 200) }, rule, 3)).toBe('Knee: 3 (diminishing returns, 5%)');
    expect(kneeChartLabel({ status: 'largest_tested', point: point(6, 100) }, rule, 6)).toBe(
      'Largest tested: 6 (no knee by diminishing returns, 5%)',
    );
  });
});
