/**
 * The admin module's public surface: console use cases, seeding, communications.
 * Only names some file outside the module imports (decision 229, tests/integration/module-surface.test.ts).
 */
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
export { getTeamRetention, getTeamVisitDates, RETENTION_WEEK_CHOICES, DEFAULT_RETENTION_WEEKS, type TeamRetention, type RetentionWeeks } from './visits.server';
export { confirmNewsletterChange, peekNewsletterToken, pruneNewsletterTokens } from './newsletter.server';
export { createUserAndSendWelcome, welcomeRecipients, WELCOME_SKIPPED_NOTE } from './welcome.server';
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
  DEFAULT_PRESET_ID,
} from './presets.server';
export { submitPresetPost } from './preset-post-form.server';
export { fillDefaultPresetIfEmpty } from './default-preset.server';
export {
  applyPreset,
  applyPresetInput,
  createTeamWithPreset,
  DEFAULT_TIME_ZONE,
  saveTeamJourneys,
  updateTeam,
  createTeamBreak,
  parseTeamJourneys,
  APPLY_WARNING,
} from './team-schedule.server';
export { recordAudit, listAuditLog, auditLogList, auditFacets, auditLogCsv, type AuditLogRow } from './audit.server';
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
} from './team-members.server';
export * as teamSchemas from './team-schemas';
export {
  usersList,
  listUsers,
  getUserForEditor,
  saveUser,
  setIsOrganisationAdmin,
  getAllUsers,
  GET_ALL_USERS_MAX_PAGE_SIZE,
  EMAIL_IN_USE,
  type AdminUserRow,
} from './users.server';
export {
  organisationsList,
  listOrganisationsWithTeams,
  getAllOrganisations,
  getOrganisationById,
  saveOrganisation,
  quickJoinOrganisation,
  quickJoinTeam,
  type OrganisationRow,
} from './organisations.server';
export { communicationsList, listCommunicationsOf, getCommunicationsByRecipient, type CommunicationView } from './communications-admin.server';
export { sendAdminAnnouncement, editNotification } from './announcements.server';
export * as peopleSchemas from './people-schemas';
export {
  createImportPreview,
  getImport,
  listImportRows,
  listTeamImports,
  PREVIEW_LABELS,
  PREVIEW_PAGE_SIZE,
  IMPORT_MAX_BYTES,
  abandonStaleImports,
  STILL_READING_MESSAGE,
} from './csv-import.server';
export { confirmImport, runImport, markImportFailed, importErrorReport, sweepImports } from './csv-import-run.server';
export type { ImportPreviewStatus } from './import-tables';
export { PRIVACY_RULES, privacyNotice } from './privacy-registry.server';
export { eraseUser, getErasureTarget, mayErase } from './erasure.server';
export { requestErasure, withdrawErasure, getErasureRequest, runDueErasures, ERASURE_DELAY_DAYS } from './erasure-requests.server';
export { applyRetention } from './retention.server';
export {
  requestDataExport,
  getDataExport,
  latestDataExport,
  listDataExports,
  openDataExport,
  runDataExport,
  markDataExportFailed,
  pruneExpiredDataExports,
  EXPORT_KEEP_DAYS,
} from './export-requests.server';
export { handleScimRequest } from './scim-http.server';
export { createScimToken, revokeScimToken, listScimTokens, getScimSettings, saveScimSettings } from './scim-tokens.server';
export { createScimTokenBody, scimAdminGroupName } from './scim-schemas';
export { SCIM_OPERATIONS, type ScimOperation } from './scim-operations';
export { saveOrganisationSsoBody, saveOrganisationSso, removeOrganisationSso, getOrganisationSso, registerListeners } from './sso-admin.server';
