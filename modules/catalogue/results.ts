import { Operator } from './schemas';
import type { ActivityRule, FeedbackRule, RelatedSkill, RuleData } from './types';

/**
 * Results of a game or survey: the feedback and activities whose rule (operator compared with a
 * value) matches the player's points for the rule's skill, narrowed by the max-and-min filter:
 * of the matching lower-bound rules (GreaterThan, GreaterThanOrEqualTo) only those with the
 * highest value stay, of the matching upper-bound rules (LessThan, LessThanOrEqualTo) only those
 * with the lowest value; EqualTo and NotEqualTo rules always stay
 * (docs/decisions/053-results-max-min-filter.md). Points below zero count as zero.
 */
export function ruleMatches(operator: number, points: number, value: number): boolean {
  switch (operator) {
    case Operator.EqualTo:
      return points === value;
    case Operator.NotEqualTo:
      return points !== value;
    case Operator.LessThan:
      return points < value;
    case Operator.GreaterThan:
      return points > value;
    case Operator.LessThanOrEqualTo:
      return points <= value;
    case Operator.GreaterThanOrEqualTo:
      return points >= value;
    default:
      return false;
  }
}

const isLowerBound = (op: number) => op === Operator.GreaterThan || op === Operator.GreaterThanOrEqualTo;
const isUpperBound = (op: number) => op === Operator.LessThan || op === Operator.LessThanOrEqualTo;

/** The max-and-min filter over rules that already match, per skill, keeping the rules' order. */
export function narrowByMaxMin<T extends RuleData>(matching: readonly T[]): T[] {
  const bySkill = new Map<number, { max: number; min: number }>();
  for (const r of matching) {
    const b = bySkill.get(r.skillId) ?? { max: -Infinity, min: Infinity };
    if (isLowerBound(r.operator)) b.max = Math.max(b.max, r.value);
    if (isUpperBound(r.operator)) b.min = Math.min(b.min, r.value);
    bySkill.set(r.skillId, b);
  }
  return matching.filter((r) => {
    const b = bySkill.get(r.skillId)!;
    if (isLowerBound(r.operator)) return r.value === b.max;
    if (isUpperBound(r.operator)) return r.value === b.min;
    return true;
  });
}

export interface SkillResult {
  skillId: number;
  urlId: string | null;
  name: string | null;
  points: number;
  maxPoints: number | null;
  feedbacks: string[];
  activityIds: number[];
}

export function evaluateResults(input: {
  relatedSkills: readonly RelatedSkill[];
  feedbacks: readonly FeedbackRule[];
  activities: readonly ActivityRule[];
  points: Readonly<Record<string, number>>;
}): SkillResult[] {
  // A skill's points never go below zero (issue 9: a wrong choice then 'Try again' showed '-1 / 11');
  // the rules see the same number the player is shown.
  const pointsOf = (skillId: number) => Math.max(0, input.points[String(skillId)] ?? 0);
  const feedbacks = narrowByMaxMin(input.feedbacks.filter((r) => ruleMatches(r.operator, pointsOf(r.skillId), r.value)));
  const activities = narrowByMaxMin(input.activities.filter((r) => ruleMatches(r.operator, pointsOf(r.skillId), r.value)));
  const skillIds = [...new Set([...input.relatedSkills.map((s) => s.skillId), ...feedbacks.map((r) => r.skillId), ...activities.map((r) => r.skillId)])];
  return skillIds.map((skillId) => {
    const related = input.relatedSkills.find((s) => s.skillId === skillId);
    return {
      skillId,
      urlId: related?.urlId ?? null,
      name: related?.name ?? null,
      points: pointsOf(skillId),
      maxPoints: related?.maxPoints ?? null,
      feedbacks: feedbacks.filter((r) => r.skillId === skillId).map((r) => r.htmlContent),
      activityIds: activities.filter((r) => r.skillId === skillId && r.activityId != null).map((r) => r.activityId!),
    };
  });
}
