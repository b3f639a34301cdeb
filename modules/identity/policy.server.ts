import { LicenseType } from './schemas';
import type { UserPermissions } from './current-user';

/**
 * The one permission policy (learner-app s.6, admin-console s.6): every "may this user do X to Y"
 * is a plain function of the current user and the resource. Screen guards, apiRoute's resource
 * access, the side navigation and the screens' buttons all ask these functions; the table test
 * (policy.server.test.ts) lists every question x role x scope with its answer.
 *
 * Whether the user may use the app at all (locked, expired licence) is `isAccessBlocked`, checked
 * by requireUser / requireApiUser before any of these questions is asked.
 */
export interface PolicyUser {
  userId: number;
  userPermissions: UserPermissions;
}

/** A team, as the pages know it: its id and its organisation. */
export interface TeamScope {
  teamId: number;
  organisationId: number;
}

/** Where a post is published: global, one organisation, or one team (of an organisation). */
export type AudienceScope =
  | { kind: 'global' }
  | { kind: 'organisation'; organisationId: number }
  | { kind: 'team'; teamId: number; organisationId: number };

/** A post: its audience. Its creator gets no extra right (learner-app s.6). */
export interface PostScope {
  audience: AudienceScope;
}

export interface CommentScope {
  creatorId: number;
  post: PostScope;
}

export interface ProfileScope {
  userId: number;
  organisationId: number | null;
  /** The (enabled) teams the profile's user belongs to. */
  teamIds: number[];
}

const isProductAdmin = (u: PolicyUser) => u.userPermissions.isLedaAdmin;
const isOrgAdminOf = (u: PolicyUser, organisationId: number) =>
  u.userPermissions.isOrganisationAdmin && u.userPermissions.organisationId === organisationId;
const membership = (u: PolicyUser, teamId: number) => u.userPermissions.teams.find((t) => t.teamId === teamId);
const isTeamAdminOf = (u: PolicyUser, teamId: number) => membership(u, teamId)?.isTeamAdmin === true;

/** The admin console, its /api and the Admin button on Help and Edit on article panels. */
export function canUseAdmin(user: PolicyUser) {
  return isProductAdmin(user);
}

/** An organisation's provisioning (its SCIM tokens): product admins and that organisation's admins. */
export function canManageOrganisationProvisioning(user: PolicyUser, organisation: { organisationId: number }) {
  return isProductAdmin(user) || isOrgAdminOf(user, organisation.organisationId);
}

/** Member of the (enabled) team. Every learner team page needs it, product admins included. */
export function isTeamMember(user: PolicyUser, teamId: number) {
  return membership(user, teamId) !== undefined;
}

export function canSeeTeam(user: PolicyUser, team: TeamScope) {
  return isTeamMember(user, team.teamId);
}

/** Team admin of this team, organisation admin of its organisation, or product admin. */
export function canAdministerTeam(user: PolicyUser, team: TeamScope) {
  return isProductAdmin(user) || isOrgAdminOf(user, team.organisationId) || isTeamAdminOf(user, team.teamId);
}

/** The team's Posts page (and its navigation entry): members who may administer the team. */
export function canSeeTeamPosts(user: PolicyUser, team: TeamScope) {
  return canSeeTeam(user, team) && canAdministerTeam(user, team);
}

/** A team's insights data (/api/insight/*, the admin STATS tab): organisation admins of its organisation, product admins. */
export function canViewTeamInsights(user: PolicyUser, team: TeamScope) {
  return isProductAdmin(user) || isOrgAdminOf(user, team.organisationId);
}

/** The team's Insights page (and its navigation entry): members of the team who may view its insights. */
export function canSeeTeamInsights(user: PolicyUser, team: TeamScope) {
  return canSeeTeam(user, team) && canViewTeamInsights(user, team);
}

/** Journeys anywhere in the app: hidden for a student licence. */
export function canSeeJourneys(user: PolicyUser) {
  return user.userPermissions.licenseType !== LicenseType.Student;
}

/** The team's Journeys page (and its navigation entry): a member, a team with journeys, not a student licence. */
export function canSeeTeamJourneys(user: PolicyUser, team: Pick<TeamScope, 'teamId'>) {
  return canSeeJourneys(user) && (membership(user, team.teamId)?.teamJourneys.length ?? 0) > 0;
}

/** The trial banner. */
export function seesTrialBanner(user: PolicyUser) {
  return user.userPermissions.licenseType === LicenseType.Trial;
}

/**
 * Post to an audience: global for product admins; an organisation for its organisation admins and
 * product admins; a team for whoever may administer it (team admin, its organisation's admins,
 * product admins). The audience dropdown lists only audiences for which this answers true.
 */
export function canPostToAudience(user: PolicyUser, audience: AudienceScope) {
  switch (audience.kind) {
    case 'global':
      return isProductAdmin(user);
    case 'organisation':
      return isProductAdmin(user) || isOrgAdminOf(user, audience.organisationId);
    case 'team':
      return canAdministerTeam(user, audience);
  }
}

/** The post editor on team home and the audience dropdown: anyone who may post to some audience of theirs. */
export function canUsePostEditor(user: PolicyUser, team: TeamScope) {
  return canSeeTeam(user, team) && canPostToAudience(user, { kind: 'team', ...team });
}

/** Mark a post official (global posts are always official): product admins only. */
export function canMarkPostOfficial(user: PolicyUser) {
  return isProductAdmin(user);
}

/** See a post: global posts everyone; an organisation's posts its users; a team's posts its members and its administrators. */
export function canSeePost(user: PolicyUser, post: PostScope) {
  const a = post.audience;
  if (a.kind === 'global' || isProductAdmin(user)) return true;
  if (a.kind === 'organisation') return user.userPermissions.organisationId === a.organisationId;
  return isTeamMember(user, a.teamId) || isOrgAdminOf(user, a.organisationId);
}

/** Edit, pin and delete a post: product admins any; organisation admins their organisation's and its teams'; team admins their team's. */
export function canModeratePost(user: PolicyUser, post: PostScope) {
  const a = post.audience;
  if (isProductAdmin(user)) return true;
  if (a.kind === 'global') return false;
  if (isOrgAdminOf(user, a.organisationId)) return true;
  return a.kind === 'team' && isTeamAdminOf(user, a.teamId);
}

export const canEditPost = canModeratePost;
export const canPinPost = canModeratePost;
export const canDeletePost = canModeratePost;

/** Like and comment: whoever sees the post, never on a global post. */
export function canReactToPost(user: PolicyUser, post: PostScope) {
  return post.audience.kind !== 'global' && canSeePost(user, post);
}

/** Delete a comment: its author, or whoever may moderate the post. */
export function canDeleteComment(user: PolicyUser, comment: CommentScope) {
  if (!canSeePost(user, comment.post)) return false;
  return comment.creatorId === user.userId || canModeratePost(user, comment.post);
}

/**
 * View a profile (page, photo, /api/organisation/getUserProfileDataById): one's own; anyone who
 * shares an organisation or an enabled team with the viewer; any for product admins. Everyone else
 * gets 'User not found.' (decision 194).
 */
export function canViewProfile(user: PolicyUser, profile: ProfileScope) {
  if (profile.userId === user.userId || isProductAdmin(user)) return true;
  if (profile.organisationId !== null && profile.organisationId === user.userPermissions.organisationId) return true;
  return profile.teamIds.some((teamId) => isTeamMember(user, teamId));
}

/**
 * A user's own uploads that belong to no shared page (a task answer's file): the user, the team
 * admins of their teams, their organisation's admins and product admins (decision 242).
 */
export function canSeeUserUploads(user: PolicyUser, owner: ProfileScope) {
  if (owner.userId === user.userId || isProductAdmin(user)) return true;
  if (owner.organisationId !== null && isOrgAdminOf(user, owner.organisationId)) return true;
  return owner.teamIds.some((teamId) => isTeamAdminOf(user, teamId));
}

/** The edit shortcut on a profile: its owner only. */
export function canEditProfile(user: PolicyUser, profile: Pick<ProfileScope, 'userId'>) {
  return profile.userId === user.userId;
}

/** Peer feedback (/app/feedback, its /api): members of an organisation (decision 203); the feature flag is checked by the routes. */
export function canUsePeerFeedback(user: PolicyUser) {
  return user.userPermissions.organisationId !== null;
}

/** See, ask again or delete a feedback contact: its owner only (product admins included: contacts are private). */
export function canManageFeedbackContact(user: PolicyUser, contact: { userId: number }) {
  return canUsePeerFeedback(user) && contact.userId === user.userId;
}

/** A person an erasure is about: their organisation, and whether they are a product admin. */
export interface ErasureScope {
  userId: number;
  organisationId: number | null;
  isLedaAdmin: boolean;
}

/**
 * Erase someone else's account now (issue 27 s.3, decision 262): product admins anyone; organisation
 * admins the people of their own organisation, never a product admin. Nobody erases themselves
 * here: a person asks for it in settings (14 days to withdraw).
 */
export function canEraseSomeone(user: PolicyUser, target: ErasureScope) {
  if (target.userId === user.userId) return false;
  if (isProductAdmin(user)) return true;
  return target.organisationId !== null && !target.isLedaAdmin && isOrgAdminOf(user, target.organisationId);
}

/** Ask for a copy of a person's data ("Download my data", issue 27 s.2): the person, or a product admin for anyone. */
export function canRequestDataExport(user: PolicyUser, subject: { userId: number }) {
  return subject.userId === user.userId || isProductAdmin(user);
}

/**
 * See the progress of and download a data export: its person, or the product admin who asked for it
 * (and is one still). Nobody else, other product admins included (decision 266).
 */
export function canDownloadDataExport(user: PolicyUser, dataExport: { userId: number; requestedBy: number | null }) {
  if (dataExport.userId === user.userId) return true;
  return dataExport.requestedBy === user.userId && isProductAdmin(user);
}

/** Erase anyone at all (the gate of /api/admin/eraseUser before its body is read): product admins and organisation admins. */
export function canEraseAnyone(user: PolicyUser) {
  return isProductAdmin(user) || user.userPermissions.isOrganisationAdmin;
}
