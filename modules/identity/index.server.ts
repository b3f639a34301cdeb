/** The identity module's public surface: users, passwords, sessions, tokens, organisations, teams, permissions. */
export {
  login,
  logout,
  requestPasswordReset,
  isPasswordTokenUsable,
  setPasswordWithToken,
  verifyAccount,
  sendVerifyAccountEmail,
  sendWelcomeEmail,
  LOGIN_FAILED_MESSAGE,
  LOGIN_RATE_LIMITED_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  FORGOT_PASSWORD_DONE,
  LOGIN_ATTEMPTS_PER_MINUTE,
  type LoginResult,
} from './auth.server';
export {
  getCurrentUser,
  isAccessBlocked,
  canAdministerTeam,
  isTeamMember,
  appHomePath,
  type CurrentUser,
  type UserPermissions,
} from './permissions.server';
export {
  validateSessionId,
  readSessionCookie,
  startSession,
  endSession,
  endAllSessions,
  blankSessionCookie,
  pruneExpiredSessions,
  SESSION_COOKIE,
  type SessionInfo,
} from './sessions.server';
export { hashPassword, verifyPassword } from './passwords.server';
export { createOneTimeToken, consumeOneTimeToken, peekOneTimeToken } from './tokens.server';
export {
  createOrganisation,
  createTeam,
  createUser,
  addTeamUser,
  setUserLocked,
  listUserTeams,
  findTeamByName,
  EMAIL_IN_USE_MESSAGE,
} from './directory.server';
export type { OneTimeTokenPurpose } from './tables';
