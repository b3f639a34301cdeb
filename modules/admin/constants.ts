/**
 * Browser-safe values of the public-site forms, with no zod and no libphonenumber, so a page that
 * needs only these (the honeypot's name, the pricing plans) ships neither (docs/decisions/141).
 * schemas.ts re-exports them for server code.
 */
import type { ImportPreviewStatus, ImportRowResult } from './import-tables';

export const HONEYPOT_FIELD = 'website';
export const TEAM_SIZES = ['1-5', '5-20', '21-50', '50+'] as const;
export const DEFAULT_TEAM_SIZE = '1-5';

export type ContactVariant = 'contact' | 'try-for-free';

/* ---- pricing (public-site spec 9): every plan is an annual subscription with a one-time setup fee ---- */

export const SETUP_FEE_DOLLARS = 100;

interface PlanCard {
  header: string;
  usersLabel: string;
  teamSize: (typeof TEAM_SIZES)[number];
  /** null for Enterprise: the price varies. */
  pricePerMonth: number | null;
  bullets: string[];
}

export const PLANS: PlanCard[] = [
  {
    header: 'Starter',
    usersLabel: '1-5 users',
    teamSize: '1-5',
    pricePerMonth: 200,
    bullets: ['Every journey and skill group', 'Team page and weekly emails', 'Badges and downloadable summaries'],
  },
  {
    header: 'Teams',
    usersLabel: '5-20 users',
    teamSize: '5-20',
    pricePerMonth: 600,
    bullets: ['Everything in Starter', 'Progress insights for team leaders', 'Help planning your course'],
  },
  {
    header: 'Teams PLUS',
    usersLabel: '21-50 users',
    teamSize: '21-50',
    pricePerMonth: 1200,
    bullets: ['Everything in Teams', 'Several teams and team admins', 'Mentor support with journey summaries'],
  },
  {
    header: 'Enterprise',
    usersLabel: '50+ users',
    teamSize: '50+',
    pricePerMonth: null,
    bullets: ['Everything in Teams PLUS', 'Organisation-wide roll-out and admins', 'A dedicated contact for your organisation'],
  },
];

/* ---- CSV import (admin-console s.4): what the preview says of each row; the import page renders these in the browser ---- */

export const PREVIEW_LABELS: Record<ImportPreviewStatus, string> = {
  'bad-email': 'Bad email',
  invalid: 'Invalid row',
  'other-org': 'In another organisation',
  duplicate: 'Duplicate in the file',
  member: 'Already a member',
  add: 'Will be added',
  create: 'Will be created',
};

/** What the import did with a row, as the import page's Status column says it once the import ran. */
export const RESULT_LABELS: Record<ImportRowResult, string> = {
  created: 'Created',
  added: 'Added to the team',
  skipped: 'Skipped',
  error: 'Not imported',
};
