import { describe, expect, it } from 'vitest';
import * as policy from './policy.server';
import { POLICY_TABLE, PURE_IDS, ROLE_NAMES, expected, policyUser } from '../../tests/support/policy-table';

type Question = (user: unknown, resource?: unknown) => boolean;

describe('the permission policy: every question x role x scope of the table', () => {
  it('has a function for every question, and every function of the policy is in the table', () => {
    const questions = new Set(POLICY_TABLE.map((r) => r.question));
    for (const q of questions) expect(typeof (policy as Record<string, unknown>)[q], q).toBe('function');
    const aliases = new Set(['canEditPost', 'canPinPost', 'canDeletePost', 'isTeamMember']);
    const untested = Object.keys(policy).filter((name) => !questions.has(name) && !aliases.has(name));
    expect(untested).toEqual([]);
  });

  for (const row of POLICY_TABLE) {
    it(`${row.question} (${row.scope})`, () => {
      const ask = (policy as unknown as Record<string, Question>)[row.question]!;
      const answers = Object.fromEntries(ROLE_NAMES.map((role) => [role, ask(policyUser(role), row.resource?.(PURE_IDS))]));
      const wanted = Object.fromEntries(ROLE_NAMES.map((role) => [role, expected(row, role)]));
      expect(answers).toEqual(wanted);
    });
  }

  it('edit, pin and delete of a post are one question', () => {
    expect(policy.canEditPost).toBe(policy.canModeratePost);
    expect(policy.canPinPost).toBe(policy.canModeratePost);
    expect(policy.canDeletePost).toBe(policy.canModeratePost);
  });
});
