import type { PrivacyRegistry } from '@modules/shared/privacy';

/** Personal data in the catalogue module's tables (issue 27 s.1; the shape: modules/shared/privacy.ts). */
export const cataloguePrivacy: PrivacyRegistry = [
  {
    table: 'user_progress',
    columns: { user_id: 'the learner' },
    what: 'Which stories, videos, games and assessments you completed',
    purpose: "to show your progress and your team's insights",
    export: 'journeys.json',
    erasure: 'keep-without-identity',
  },
  {
    table: 'game_attempts',
    columns: { user_id: 'the player', state: 'your choices in a dialogue game' },
    what: 'Your dialogue game attempts and results',
    purpose: 'to show your results and suggest activities',
    export: 'assessments-and-games.json',
    erasure: 'keep-without-identity',
  },
  {
    table: 'assessment_attempts',
    columns: { user_id: 'who answered', state: 'your answers to a self-assessment' },
    what: 'Your self-assessment answers and results',
    purpose: 'to show your results and suggest activities',
    export: 'assessments-and-games.json',
    erasure: 'keep-without-identity',
  },
  {
    table: 'system_feedbacks',
    columns: { user_id: 'who gave it', message: 'a comment you wrote', url: 'the page it was given on' },
    what: 'Your thumbs and comments on our content',
    purpose: 'to improve the content (legitimate interest)',
    export: 'feedback.json',
    erasure: 'keep-without-identity',
    erasureNote: 'the comment text is removed, the rating kept',
  },
];
