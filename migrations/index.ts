import type { Migration } from 'kysely/migration';
import * as m20261122T050000 from './20261122T050000-identity';
import * as m20261122T055000 from './20261122T055000-shell-counters';
import * as m20261122T060000 from './20261122T060000-public-site';
import * as m20261122T070000 from './20261122T070000-catalogue';
import * as m20261122T090000 from './20261122T090000-rate-limits';
import * as m20261122T093000 from './20261122T093000-review-indexes';
import * as m20261123T060000 from './20261123T060000-activities';
import * as m20261123T061500 from './20261123T061500-job-ledger';
import * as m20261123T070000 from './20261123T070000-newsletter-tokens';
import * as m20261123T071500 from './20261123T071500-journeys';
import * as m20261123T071600 from './20261123T071600-journey-calendar-tokens';
import * as m20261123T073000 from './20261123T073000-posts';
import * as m20261123T080000 from './20261123T080000-journey-unlock-notices';
import * as m20261123T100500a from './20261123T100500-admin-audit';
import * as m20261123T100500b from './20261123T100500-admin-people-indexes';
import * as m20261123T100300 from './20261123T100300-user-settings-reminders';
import * as m20261123T100100 from './20261123T100100-insights';
import * as m20261123T100400 from './20261123T100400-peer-feedback';
import * as m20261123T100700 from './20261123T100700-presets';
import * as m20261123T100800 from './20261123T100800-admin-editor-indexes';
import * as m20261123T100600 from './20261123T100600-team-imports';
import * as m20261123T101100 from './20261123T101100-my-activities-list-indexes';
import * as m20261127T150000 from './20261127T150000-team-featured-story';
import * as m20261127T150240 from './20261127T150240-feedback-respondents';
import * as m20261127T150100 from './20261127T150100-blob-owners';
import * as m20261127T160000 from './20261127T160000-team-imports-reading-default';
import * as m20261128T010000 from './20261128T010000-notification-fan-out';
import * as m20261128T010100 from './20261128T010100-blob-chunks';
import * as m20261128T020000 from './20261128T020000-erasure';
import * as m20261128T030000 from './20261128T030000-data-exports';
import * as m20261128T040000 from './20261128T040000-one-step-copy-per-activity';
import * as m20261128T040100 from './20261128T040100-learner-search';
import * as m20261128T060000 from './20261128T060000-comment-undo';
import * as m20261128T070000 from './20261128T070000-scim';
import * as m20261128T120000 from './20261128T120000-team-member-order';
import * as m20261128T100000 from './20261128T100000-organisation-sso';

/**
 * Static index of every migration, in order. Add new ones at the end with a dated
 * name (YYYYMMDDTHHMMSS-what.ts); never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '20261122T050000-identity': m20261122T050000,
  '20261122T055000-shell-counters': m20261122T055000,
  '20261122T060000-public-site': m20261122T060000,
  '20261122T070000-catalogue': m20261122T070000,
  '20261122T090000-rate-limits': m20261122T090000,
  '20261122T093000-review-indexes': m20261122T093000,
  '20261123T060000-activities': m20261123T060000,
  '20261123T061500-job-ledger': m20261123T061500,
  '20261123T070000-newsletter-tokens': m20261123T070000,
  '20261123T071500-journeys': m20261123T071500,
  '20261123T071600-journey-calendar-tokens': m20261123T071600,
  '20261123T073000-posts': m20261123T073000,
  '20261123T080000-journey-unlock-notices': m20261123T080000,
  '20261123T100500-admin-audit': m20261123T100500a,
  '20261123T100500-admin-people-indexes': m20261123T100500b,
  '20261123T100300-user-settings-reminders': m20261123T100300,
  '20261123T100100-insights': m20261123T100100,
  '20261123T100400-peer-feedback': m20261123T100400,
  '20261123T100700-presets': m20261123T100700,
  '20261123T100800-admin-editor-indexes': m20261123T100800,
  '20261123T100600-team-imports': m20261123T100600,
  '20261123T101100-my-activities-list-indexes': m20261123T101100,
  '20261127T150000-team-featured-story': m20261127T150000,
  '20261127T150240-feedback-respondents': m20261127T150240,
  '20261127T150100-blob-owners': m20261127T150100,
  '20261127T160000-team-imports-reading-default': m20261127T160000,
  '20261128T010000-notification-fan-out': m20261128T010000,
  '20261128T010100-blob-chunks': m20261128T010100,
  '20261128T020000-erasure': m20261128T020000,
  '20261128T030000-data-exports': m20261128T030000,
  '20261128T040000-one-step-copy-per-activity': m20261128T040000,
  '20261128T040100-learner-search': m20261128T040100,
  '20261128T060000-comment-undo': m20261128T060000,
  '20261128T070000-scim': m20261128T070000,
  '20261128T120000-team-member-order': m20261128T120000,
  '20261128T100000-organisation-sso': m20261128T100000,
};
