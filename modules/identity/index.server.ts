/**
 * The identity module's public surface: users, passwords, sessions, tokens, organisations, teams, permissions.
 * Only names some file outside the module imports (decision 229, tests/integration/module-surface.test.ts).
 */
export {
  login,
  logout,
  requestPasswordReset,
  isPasswordTokenUsable,
  setPasswordWithToken,
  setUserPassword,
  verifyAccount,
  sendVerifyAccountEmail,
  sendWelcomeEmail,
  LOGIN_FAILED_MESSAGE,
  LOGIN_RATE_LIMITED_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  FORGOT_PASSWORD_DONE,
  LOGIN_ATTEMPTS_PER_MINUTE,
} from './auth.server';
export {
  getCurrentUser,
  isAccessBlocked,
  appHomePath,
  type CurrentUser,
  type UserPermissions,
} from './permissions.server';
/** The one permission policy: `policy.canSeeTeamInsights(user, team)` and so on. */
export * as policy from './policy.server';
export type { PolicyUser, TeamScope, PostScope } from './policy.server';
export {
  validateSessionId,
  type SessionReads,
  readSessionCookie,
  startSession,
  blankSessionCookie,
  pruneExpiredSessions,
  SESSION_COOKIE,
  SESSION_ABSOLUTE_LIFETIME_MS,
  endAllSessions,
} from './sessions.server';
export { hashPassword } from './passwords.server';
export { isCommonPassword, COMMON_PASSWORD_MESSAGE } from './common-passwords.server';
export { createOneTimeToken, hashToken, isTokenShaped, mintToken } from './tokens.server';
export {
  createOrganisation,
  createTeam,
  createUser,
  createUsers,
  addTeamUser,
  addTeamUsers,
  setTeamUserAdmin,
  removeTeamUsers,
  updateTeam,
  updateOrganisation,
  updateUser,
  listUserTeams,
  getTeamFeaturedStoryId,
  findTeamByName,
} from './directory.server';
export { listTeamCards, teamCardsOfUser, toTeamCards } from './team-cards.server';
export { getUserProfile, saveUserDetails, changePassword } from './profile.server';
export {
  uploadProfilePhoto,
  removeProfilePhoto,
  readProfilePhoto,
  MAX_PHOTO_BYTES,
  profileScopeOf,
  profilePhotoBlobAccess,
  type BlobAccess,
} from './profile-photo.server';
export { seedDemoProfiles } from './profile-demo-seed.server';
export {
  DEFAULT_TIME_ZONE,
  UNSUBSCRIBE_KINDS,
  timeZones,
  isTimeZone,
  userSettingsBody,
  getSettingsOf,
  getUserSettings,
  hasStoredTimeZone,
  settingsList,
  saveUserSettings,
  resetUserSettings,
  createUnsubscribeToken,
  peekUnsubscribeToken,
  unsubscribeWithToken,
  pruneUnsubscribeTokens,
  notificationFormSchema,
  formToSettings,
  type UserSettings,
  type UnsubscribeKind,
} from './user-settings.server';
export { identityPrivacy } from './privacy';
export {
  getSsoSettings,
  saveSsoSettings,
  removeSsoSettings,
  anySsoConfigured,
  ssoOrganisationForEmail,
} from './sso-settings.server';
export { startSso, finishSso, acceptSamlResponse, clearSsoStateCookie, ssoFailureCode, ssoFailureMessage } from './sso.server';
export { serviceProviderMetadata } from './sso-saml.server';
