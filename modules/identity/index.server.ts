/** The identity module's public surface: users, passwords, sessions, tokens, organisations, teams, permissions. */
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
export type { PolicyUser, TeamScope, AudienceScope, PostScope, CommentScope, ProfileScope } from './policy.server';
export {
  validateSessionId,
  readSessionCookie,
  startSession,
  blankSessionCookie,
  pruneExpiredSessions,
  SESSION_COOKIE,
  SESSION_ABSOLUTE_LIFETIME_MS,
} from './sessions.server';
export { hashPassword } from './passwords.server';
export { isCommonPassword, COMMON_PASSWORD_MESSAGE } from './common-passwords.server';
export { createOneTimeToken, hashToken } from './tokens.server';
export {
  createOrganisation,
  createTeam,
  createUser,
  addTeamUser,
  listUserTeams,
  findTeamByName,
} from './directory.server';
export { listTeamCards } from './team-cards.server';
export {
  getUserProfile,
  saveUserDetails,
  changePassword,
  isUserIdShape,
  USER_NOT_FOUND,
  WRONG_CURRENT_PASSWORD,
  NOT_YOUR_PROFILE,
  JOKE_NAME_MESSAGE,
  type UserProfile,
} from './profile.server';
export { uploadProfilePhoto, removeProfilePhoto, readProfilePhoto, normalisePhoto, PHOTO_SIZE, MAX_PHOTO_BYTES } from './profile-photo.server';
export { seedDemoProfiles } from './profile-demo-seed.server';
export {
  SETTING_KEYS,
  DEFAULT_SETTINGS,
  DEFAULT_TIME_ZONE,
  UNSUBSCRIBE_KINDS,
  timeZones,
  isTimeZone,
  settingValueSchemas,
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
  WEEKDAY_VALUES,
  CHOOSE_A_DAY,
  type NotificationForm,
  type SettingKey,
  type UserSettings,
  type UnsubscribeKind,
} from './user-settings.server';
