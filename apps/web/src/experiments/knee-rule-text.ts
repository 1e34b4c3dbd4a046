// The knee rules of `findKnee` (@fleetlab/warehouse) as the experiment page offers and explains
// them: their names, the value each takes from the planner, and the sentence that says which
// rule gave the answer (or why there is none). Pure.
import {
  DEFAULT_KNEE_RULE,
  kneeRuleSchema,
  type KneeFinding,
  type KneeRule,
  type KneeRuleName,
} from '@fleetlab/warehouse';
import { formatCompletionTime } from '../lib/display-format.ts';
import type { SweepAxis } from './experiment-figures.ts';

export interface KneeRuleOption {
  readonly rule: KneeRuleName;
  readonly label: string;
  /** The field of the rule's value, when it takes one. */
  readonly value: { readonly label: string; readonly min: number; readonly max?: number; readonly step: number } | null;
}

export const KNEE_RULE_OPTIONS: readonly KneeRuleOption[] = [
  {
    rule: 'diminishing_returns',
    label: 'Diminishing returns',
    value: { label: 'Least gain per {unit} (%)', min: 0.1, max: 100, step: 0.5 },
  },
  { rule: 'elbow', label: 'Elbow of the curve (Kneedle)', value: null },
  {
    rule: 'within_best',
    label: 'Within X% of the best',
    value: { label: 'Tolerance (%)', min: 0, max: 100, step: 0.5 },
  },
  { rule: 'finish_by', label: 'Finish by a deadline', value: { label: 'Deadline (min)', min: 0.1, step: 0.5 } },
];

/** The label of a rule's value field on a sweep of `axis` ('Least gain per robot (%)'). */
export function kneeValueLabel(option: KneeRuleOption, axis: SweepAxis): string {
  return (option.value?.label ?? '').replace('{unit}', axis === 'robots' ? 'robot' : 'charger');
}

export function isKneeRuleName(value: string | null): value is KneeRuleName {
  return KNEE_RULE_OPTIONS.some((option) => option.rule === value);
}

/** The value field's starting text for a rule: the default gain, the experiment's tolerance, no deadline. */
export function defaultKneeValue(rule: KneeRuleName, experimentTolerance: number): string {
  if (rule === 'diminishing_returns') return String(DEFAULT_KNEE_RULE.min_gain * 100);
  if (rule === 'within_best') return String(experimentTolerance * 100);
  return '';
}

const VALUE_PROBLEMS: Readonly<Record<Exclude<KneeRuleName, 'elbow'>, string>> = {
  diminishing_returns: 'Enter the least gain worth one more, above 0% and at most 100%.',
  within_best: 'Enter a tolerance from 0% to 100%.',
  finish_by: 'Enter the deadline, in minutes, the fleet must finish by.',
};

/** The rule with the typed value (percent, or minutes for a deadline), held to the warehouse's ranges; or what is wrong with it. */
export function kneeRuleOf(rule: KneeRuleName, typed: string): { rule: KneeRule } | { problem: string } {
  if (rule === 'elbow') return { rule: { rule } };
  const value = typed.trim() === '' ? Number.NaN : Number(typed);
  const candidate =
    rule === 'finish_by'
      ? { rule, deadline_s: value * 60 }
      : rule === 'diminishing_returns'
        ? { rule, min_gain: value / 100 }
        : { rule, tolerance: value / 100 };
  const parsed = kneeRuleSchema.safeParse(candidate);
  return parsed.success ? { rule: parsed.data } : { problem: VALUE_PROBLEMS[rule] };
}

function percent(fraction: number): string {
  return `${Number((fraction * 100).toFixed(1))}%`;
}

interface AxisWords {
  /** '4 robots', '2 chargers per station'. */
  readonly count: (x: number) => string;
  /** 'one more robot'. */
  readonly oneMore: string;
  readonly testMore: string;
}

const AXIS_WORDS: Readonly<Record<SweepAxis, AxisWords>> = {
  robots: {
    count: (x) => `${x} ${x === 1 ? 'robot' : 'robots'}`,
    oneMore: 'one more robot',
    testMore: 'Test more robots.',
  },
  chargers: {
    count: (x) => `${x} ${x === 1 ? 'charger' : 'chargers'} per station`,
    oneMore: 'one more charger per station',
    testMore: 'Test more chargers per station.',
  },
};

/** A short name of the rule for the chart's knee mark: 'diminishing returns, 5%'. */
export function kneeRuleShortText(rule: KneeRule): string {
  switch (rule.rule) {
    case 'diminishing_returns':
      return `diminishing returns, ${percent(rule.min_gain)}`;
    case 'elbow':
      return 'elbow';
    case 'within_best':
      return `within ${percent(rule.tolerance)} of best`;
    case 'finish_by':
      return `finish by ${formatCompletionTime(rule.deadline_s)}`;
  }
}

/** The chart's mark: the knee and its rule, or, when the rule found none, the largest fleet tested. */
export function kneeChartLabel(finding: KneeFinding<unknown>, rule: KneeRule, x: number): string {
  if (finding.status === 'largest_tested') return `Largest tested: ${x} (no knee by ${kneeRuleShortText(rule)})`;
  return `Knee: ${x} (${kneeRuleShortText(rule)})`;
}

/**
 * Robots added to a fleet of `fleet` shorten its day by at most the share they take of the work:
 * from n to m robots by (1 - n / m) of the makespan, so at most 1 / (n + 1) of it per robot added,
 * even when the work divides evenly. A least gain above that can never find a larger fleet worth
 * it (with 60 robots, 5% asks more than the 1.6% any robot could give): say so, or the knee
 * reads as the curve's when it is the rule's.
 */
function leastGainPastReach(fleet: number, minGain: number): string {
  const most = 1 / (fleet + 1);
  if (fleet < 1 || minGain <= most) return '';
  return ` Even if the work divided evenly, one more robot than ${fleet} would gain at most ${percent(most)}: a least gain above that cannot find a larger fleet worth it, so lower it (or read the elbow).`;
}

/**
 * What the rule found, in one or two sentences: the knee and the rule that gave it, or plainly
 * that the range tested holds none. `curve` names the makespan read ('executed makespan').
 */
export function kneeFindingText(
  finding: KneeFinding<{ readonly x: number | null; readonly makespan: number }>,
  rule: KneeRule,
  axis: SweepAxis,
  curve: string,
): string {
  const words = AXIS_WORDS[axis];
  if (finding.status === 'no_points') return 'The knee appears once points have completed.';
  if (finding.status === 'target_not_met') {
    const closest = finding.closest;
    return `No ${axis === 'robots' ? 'fleet' : 'charger count'} tested finishes by ${formatCompletionTime(rule.rule === 'finish_by' ? rule.deadline_s : 0)}: the best is ${words.count(closest.x ?? 0)} at ${formatCompletionTime(closest.makespan)}. ${words.testMore}`;
  }
  const at = words.count(finding.point.x ?? 0);
  // A deadline met only by the largest fleet tested is still met: that is the answer, said as a knee.
  if (finding.status === 'largest_tested' && rule.rule !== 'finish_by') {
    switch (rule.rule) {
      case 'diminishing_returns':
        return `No knee within the range: up to the largest tested, ${at}, ${words.oneMore} still gains at least ${percent(rule.min_gain)} of the ${curve}. ${words.testMore}`;
      case 'elbow':
        return `No knee within the range: the ${curve} has no elbow up to the largest tested, ${at}. ${words.testMore}`;
      case 'within_best':
        return `No knee within the range: only the largest tested, ${at}, is within ${percent(rule.tolerance)} of the best ${curve}. ${words.testMore}`;
    }
  }
  switch (rule.rule) {
    case 'diminishing_returns':
      return `Knee: ${at}. Beyond it, ${words.oneMore} gains less than ${percent(rule.min_gain)} of the ${curve}.${axis === 'robots' ? leastGainPastReach(finding.point.x ?? 0, rule.min_gain) : ''}`;
    case 'elbow':
      return `Knee: ${at}, the elbow of the ${curve} curve (Kneedle): the point farthest below the line from the first to the last point.`;
    case 'within_best':
      return `Knee: ${at}, the fewest within ${percent(rule.tolerance)} of the best ${curve}.`;
    case 'finish_by':
      return `Knee: ${at}, the fewest that finish by ${formatCompletionTime(rule.deadline_s)} (${curve} ${formatCompletionTime(finding.point.makespan)}).`;
  }
}
