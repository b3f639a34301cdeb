import { sharedPrivacy, type PrivacyTable } from '@modules/shared/index.server';
import { identityPrivacy } from '@modules/identity/index.server';
import { cataloguePrivacy } from '@modules/catalogue/index.server';
import { journeysPrivacy } from '@modules/journeys/index.server';
import { activitiesPrivacy } from '@modules/activities/index.server';
import { socialPrivacy } from '@modules/social/index.server';
import { adminPrivacy } from './privacy';

/**
 * PRIVACY_RULES (issue 27 s.1, docs/decisions/261): every module's declaration of the personal data
 * in its tables, joined. tests read it against the live schema (privacy-registry.server.test.ts);
 * the privacy page lists what is kept from it; the erasure and the export follow it.
 */
export const PRIVACY_RULES: readonly (PrivacyTable & { module: string })[] = [
  ...identityPrivacy.map((t) => ({ ...t, module: 'identity' })),
  ...cataloguePrivacy.map((t) => ({ ...t, module: 'catalogue' })),
  ...journeysPrivacy.map((t) => ({ ...t, module: 'journeys' })),
  ...activitiesPrivacy.map((t) => ({ ...t, module: 'activities' })),
  ...socialPrivacy.map((t) => ({ ...t, module: 'social' })),
  ...adminPrivacy.map((t) => ({ ...t, module: 'admin' })),
  ...sharedPrivacy.map((t) => ({ ...t, module: 'shared' })),
];

const ERASURE_WORDS = { delete: 'deleted', anonymise: 'anonymised', 'keep-without-identity': 'kept without your identity' } as const;

/** What the privacy page lists: what is kept, why, and what an erasure does with it (one entry per table). */
export function privacyNotice(): { what: string; purpose: string; onErasure: string }[] {
  return PRIVACY_RULES.map((t) => ({
    what: t.what,
    purpose: t.purpose,
    onErasure: `${ERASURE_WORDS[t.erasure][0]!.toUpperCase()}${ERASURE_WORDS[t.erasure].slice(1)}${t.erasureNote ? `: ${t.erasureNote}` : ''}`,
  }));
}
