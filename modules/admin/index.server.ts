/** The admin module's public surface: console use cases, seeding, communications. */
export { seedDemoIfEmpty, DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-seed.server';
export {
  submitEnquiry,
  subscribeToNewsletter,
  unsubscribeEmail,
  isUnsubscribed,
  canReceiveProductNews,
  type PublicFormResult,
} from './enquiries.server';
export { recordPageView, recordPageEvent } from './tracking.server';
export { getTeamRetention, getTeamVisitDates, RETENTION_WEEK_CHOICES, DEFAULT_RETENTION_WEEKS, type TeamRetention, type RetentionWeek, type RetentionWeeks, type VisitDate } from './visits.server';
export { confirmNewsletterChange, peekNewsletterToken, pruneNewsletterTokens } from './newsletter.server';
export { createUserAndSendWelcome } from './welcome.server';
export {
  presetSchemas,
  presetList,
  listPresets,
  getAllPresets,
  getPresetById,
  createPreset,
  updatePreset,
  duplicatePreset,
  updatePresetJourneys,
  createPresetJourney,
  addBreakToPreset,
  removePresetJourney,
  savePresetPost,
  removePresetPost,
  seedDefaultPreset,
  DEFAULT_PRESET_ID,
  PRESET_NAME_MESSAGE,
  PRESET_DESCRIPTION_MESSAGE,
  PRESET_JOURNEY_TWICE,
  PRESET_POST_EMPTY,
  PRESET_POST_MAX_FILES,
  type Preset,
  type PresetJourney,
  type PresetPost,
  type PresetListQuery,
} from './presets.server';
export {
  applyPreset,
  applyPresetInput,
  saveTeamJourneys,
  updateTeam,
  createTeamBreak,
  parseTeamJourneys,
  APPLY_WARNING,
  DEFAULT_TIME_ZONE,
  type UpdateTeamInput,
} from './team-schedule.server';
export {
  recordAudit,
  listAuditLog,
  auditLogList,
  auditFacets,
  auditLogCsv,
  AUDIT_CSV_MAX_ROWS,
  type AuditEntry,
  type AuditLogRow,
  type AuditLogQuery,
} from './audit.server';
export {
  getTeamById,
  findTeamForEditor,
  findTeamUser,
  listTeamUsers,
  updateTeamGeneral,
  addUserToTeam,
  toggleTeamUserAdmin,
  removeTeamUser,
  sendWelcomeEmails,
  TEAM_NOT_FOUND,
  NO_USER_WITH_EMAIL,
  ALREADY_MEMBER,
  type TeamUser,
  type EditorTeam,
} from './team-members.server';
export * as teamSchemas from './team-schemas';
export {
  usersList,
  listUsers,
  getUserForEditor,
  saveUser,
  setIsOrganisationAdmin,
  getAllUsers,
  USER_NOT_FOUND as ADMIN_USER_NOT_FOUND,
  EMAIL_IN_USE,
  NO_ORGANISATION,
  type AdminUserRow,
  type UsersQuery,
  type SaveUserInput,
} from './users.server';
export {
  organisationsList,
  listOrganisationsWithTeams,
  getAllOrganisations,
  getOrganisationById,
  saveOrganisation,
  createTeamInOrganisation,
  quickJoinOrganisation,
  quickJoinTeam,
  searchDate,
  ORGANISATION_NOT_FOUND,
  TEAM_NOT_IN_ORGANISATION,
  NO_TEAMS_TO_JOIN,
  type OrganisationRow,
  type OrganisationDetail,
  type OrganisationsQuery,
  type TeamRow,
} from './organisations.server';
export { communicationsList, listCommunicationsOf, getCommunicationsByRecipient, type CommunicationView, type CommunicationsQuery } from './communications-admin.server';
export { announce, editNotification } from './announcements.server';
export * as peopleSchemas from './people-schemas';
export {
  createImportPreview,
  getImport,
  listImportRows,
  listTeamImports,
  PREVIEW_LABELS,
  PREVIEW_PAGE_SIZE,
  IMPORT_MAX_BYTES,
  IMPORT_NOT_FOUND,
  NOT_CSV_MESSAGE,
  type TeamImport,
  type CsvSource,
} from './csv-import.server';
export { confirmImport, runImport, markImportFailed, importErrorReport } from './csv-import-run.server';
export type { ImportPreviewStatus } from './import-tables';
