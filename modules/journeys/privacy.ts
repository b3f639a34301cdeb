import type { PrivacyRegistry } from '@modules/shared/privacy';

/** Personal data in the journeys module's tables (issue 27 s.1; the shape: modules/shared/privacy.ts). */
export const journeysPrivacy: PrivacyRegistry = [
  {
    table: 'user_journeys',
    columns: { user_id: 'the learner' },
    what: 'The journeys you started and completed',
    purpose: "to show your progress and your team's insights",
    export: 'journeys.json',
    erasure: 'keep-without-identity',
  },
  {
    table: 'journey_calendar_tokens',
    columns: { user_id: 'whose calendar link' },
    what: 'Your private calendar link (hashed)',
    purpose: 'to put your journeys in your calendar',
    export: 'not exported (security data)',
    erasure: 'delete',
  },
];
