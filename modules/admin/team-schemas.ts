import { z } from 'zod';
import { checkbox, emailField, idNumber } from '@modules/shared/validation';

/**
 * The team editor's forms and /api/admin bodies (admin-console sections 5 and 7): team name 1-250
 * ('Enter a team name'), description up to 2,000 characters, the existing-user email ('Email is invalid').
 */
export const TEAM_NAME_MESSAGE = 'Enter a team name';
export const TEAM_DESCRIPTION_MESSAGE = 'Team description too long (max 2,000 characters)';
export const EMAIL_INVALID_MESSAGE = 'Email is invalid';
export const TEAM_DESCRIPTION_MAX = 2000;

const teamName = z.string({ error: TEAM_NAME_MESSAGE }).trim().min(1, { error: TEAM_NAME_MESSAGE }).max(250, { error: TEAM_NAME_MESSAGE });
const teamDescription = z
  .string()
  .max(TEAM_DESCRIPTION_MAX, { error: TEAM_DESCRIPTION_MESSAGE })
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? null : v));

/** The team form above the tabs. */
export const teamFormSchema = z.object({ name: teamName, description: teamDescription });

/** Add an existing user to the team by email, optionally as team admin. */
export const addMemberFormSchema = z.object({ email: emailField(EMAIL_INVALID_MESSAGE), isAdmin: checkbox });

/** /api/admin bodies. */
export const apiAddUserToTeam = z.object({ email: emailField(EMAIL_INVALID_MESSAGE), teamId: idNumber, isAdmin: z.boolean().optional().default(false) });
export const apiTeamUserId = z.object({ teamUserId: idNumber });
export const apiGetTeamById = z.object({ teamId: idNumber, includeUsers: z.boolean().optional().default(false) });
export const apiSendWelcomeEmails = z.object({
  emails: z.array(emailField()).min(1, { error: 'Choose at least one person.' }).max(10_000),
  /** Optional: the team the emails are for (audit only). */
  teamId: idNumber.optional(),
  /** Optional idempotency key: the same key twice sends once (a double click). */
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
});
/** The team, sent as `{ team: {...} }` or as the team itself; only the General fields are read here. */
const updateTeamFields = z.looseObject({
  teamId: idNumber,
  name: teamName.optional(),
  description: z.string().max(TEAM_DESCRIPTION_MAX, { error: TEAM_DESCRIPTION_MESSAGE }).nullable().optional(),
  isDisabled: z.boolean().optional(),
  /** The story the team features (admin-console s.3 Team.featuredStoryId); null: none. */
  featuredStoryId: idNumber.nullable().optional(),
  /** The team schedule (the journeys module's part of updateTeam). */
  teamJourneys: z.array(z.unknown()).max(500).optional(),
});
export const apiUpdateTeam = z.preprocess(
  (v) => (v && typeof v === 'object' && 'team' in v && v.team && typeof v.team === 'object' ? v.team : v),
  updateTeamFields,
);

