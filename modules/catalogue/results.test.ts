import { describe, expect, it } from 'vitest';
import { evaluateResults, narrowByMaxMin, ruleMatches } from './results';
import { Operator as O } from './schemas';

describe('result rules', () => {
  it.each([
    [O.EqualTo, 3, 3, true],
    [O.EqualTo, 2, 3, false],
    [O.NotEqualTo, 2, 3, true],
    [O.LessThan, 2, 3, true],
    [O.LessThan, 3, 3, false],
    [O.GreaterThan, 4, 3, true],
    [O.GreaterThan, 3, 3, false],
    [O.LessThanOrEqualTo, 3, 3, true],
    [O.GreaterThanOrEqualTo, 3, 3, true],
    [O.GreaterThanOrEqualTo, 2, 3, false],
    [99, 3, 3, false],
  ])('operator %i with points %i against %i -> %s', (op, points, value, expected) => {
    expect(ruleMatches(op, points, value)).toBe(expected);
  });

  it('keeps the highest lower bound and the lowest upper bound per skill, and every equality rule', () => {
    const rules = [
      { skillId: 1, operator: O.GreaterThanOrEqualTo, value: 5 },
      { skillId: 1, operator: O.GreaterThanOrEqualTo, value: 9 },
      { skillId: 1, operator: O.LessThan, value: 12 },
      { skillId: 1, operator: O.LessThanOrEqualTo, value: 20 },
      { skillId: 1, operator: O.EqualTo, value: 10 },
      { skillId: 2, operator: O.GreaterThan, value: 1 },
    ];
    expect(narrowByMaxMin(rules)).toEqual([rules[1], rules[2], rules[4], rules[5]]);
  });

  it('evaluates feedback per related skill, with points defaulting to 0', () => {
    const results = evaluateResults({
      relatedSkills: [
        { skillId: 1, urlId: 'a', name: 'A', maxPoints: 9 },
        { skillId: 2, urlId: 'b', name: 'B', maxPoints: 9 },
      ],
      feedbacks: [
        { skillId: 1, operator: O.GreaterThanOrEqualTo, value: 4, htmlContent: 'a-ok' },
        { skillId: 1, operator: O.GreaterThanOrEqualTo, value: 7, htmlContent: 'a-strong' },
        { skillId: 2, operator: O.LessThan, value: 4, htmlContent: 'b-low' },
        { skillId: 2, operator: O.LessThan, value: 7, htmlContent: 'b-mid' },
      ],
      activities: [],
      points: { '1': 8 },
    });
    expect(results.map((r) => [r.name, r.points, r.feedbacks])).toEqual([
      ['A', 8, ['a-strong']],
      ['B', 0, ['b-low']],
    ]);
  });
});
