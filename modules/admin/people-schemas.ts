import { z } from 'zod';
import { checkbox, emailField, idNumber, optionalString, requiredString } from '@modules/shared/validation';

/**
 * The people screens' forms and /api/admin bodies (admin-console sections 5 and 7): users,
 * organisations, teams, quick join, communications. Unknown keys are stripped (zod's default), so a
 * body that sends isLedaAdmin or another organisation's id for a user never reaches the database.
 */
/** The spec's message for an empty organisation name, kept word for word on /api/admin/saveOrganisation. */
export const ORGANISATION_NAME_MESSAGE = 'Enter a team name';
/** The organisation form's own message: the right noun (decision 255). */
export const ORGANISATION_FORM_NAME_MESSAGE = 'Enter an organisation name';
export const TEAM_NAME_MESSAGE = 'Enter a team name';
export const EMAIL_INVALID_MESSAGE = 'Email is invalid';
export const NAME_MAX = 250;
export const PRESET_REQUIRED_MESSAGE = 'Choose a preset';
export const START_DATE_MESSAGE = 'Enter a start date';
const PAGE_SIZE_MESSAGE = 'a number from 1 to 500';
export const LICENSE_NOTES_MAX = 2000;

/** LicenseType values (NoLicense 0, Trial 1, Full 2, Student 3) and the list filters' names. */
export const LICENSE_FILTERS = ['full', 'trial', 'student', 'none'] as const;
export type LicenseFilter = (typeof LICENSE_FILTERS)[number];
export const LICENSE_FILTER_LABELS: { value: LicenseFilter | ''; label: string }[] = [
  { value: '', label: 'View All' },
  { value: 'full', label: 'Full License' },
  { value: 'trial', label: 'Trial license' },
  { value: 'student', label: 'Student license' },
  { value: 'none', label: 'No License' },
];
export const LICENSE_OPTIONS = [
  { value: '', label: 'None' },
  { value: '1', label: 'Trial' },
  { value: '2', label: 'Full' },
  { value: '3', label: 'Student' },
] as const;

const nameOf = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(NAME_MAX, { error: message });

/** A licence type in a form ('' = none) or a body (null = none). */
const licenseTypeForm = z
  .enum(['0', '1', '2', '3'])
  .optional()
  .transform((v) => (v === undefined || v === '0' ? null : Number(v)));
const licenseTypeBody = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).nullable().optional();

/** YYYY-MM-DD (an input type=date), empty = unlimited; the licence runs to the end of that day (UTC). */
const expiryForm = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter a date as YYYY-MM-DD' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T23:59:59Z`)), { error: 'Enter a date as YYYY-MM-DD' })
  .optional()
  .transform((v) => (v ? new Date(`${v}T23:59:59.999Z`) : null));
const expiryBody = z
  .union([z.string().max(40), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : v);
    if (Number.isNaN(d.getTime()) || d.getUTCFullYear() > 9999) {
      ctx.addIssue({ code: 'custom', message: 'licenseExpiredAt: Enter a date as YYYY-MM-DD' });
      return z.NEVER;
    }
    return d;
  });

/** The organisation form (creator and editor). */
export const organisationFormSchema = z.object({
  name: nameOf(ORGANISATION_FORM_NAME_MESSAGE),
  licenseType: licenseTypeForm,
  licenseExpiredAt: expiryForm,
  licenseNotes: optionalString(LICENSE_NOTES_MAX),
  isPrivateUsers: checkbox,
});

/** A YYYY-MM-DD day (an input type=date). */
const startDay = z
  .string({ error: START_DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: START_DATE_MESSAGE })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: START_DATE_MESSAGE });

/** The 'Create Team' form (admin-console s.5 "Team preset form"): a name, a preset and a start date, all required. */
export const createTeamFormSchema = z.object({
  teamName: nameOf(TEAM_NAME_MESSAGE),
  presetId: z
    .string({ error: PRESET_REQUIRED_MESSAGE })
    .regex(/^[1-9]\d{0,8}$/, { error: PRESET_REQUIRED_MESSAGE })
    .transform(Number),
  startDate: startDay,
});

/** The admin user editor: email, first and last name, job title; creating may also create an organisation. */
export const userFormSchema = z.object({
  email: emailField(EMAIL_INVALID_MESSAGE),
  firstName: requiredString({ max: NAME_MAX }),
  lastName: requiredString({ max: NAME_MAX }),
  jobTitle: optionalString(NAME_MAX),
  organisationName: optionalString(NAME_MAX),
  organisationLicenseType: licenseTypeForm,
  isAdmin: checkbox,
});

/* ---- /api/admin bodies ---- */

export const apiSaveUser = z.object({
  user: z.object({
    userId: idNumber.nullable().optional(),
    firstName: requiredString({ max: NAME_MAX }),
    lastName: requiredString({ max: NAME_MAX }),
    email: emailField(EMAIL_INVALID_MESSAGE),
    jobTitle: z.string().trim().max(NAME_MAX, { error: `Max ${NAME_MAX} characters` }).nullable().optional(),
    /** Organisation admin of the organisation created with the user (isLedaAdmin is never set here). */
    isAdmin: z.boolean().optional(),
  }),
  organisationLicenseType: licenseTypeBody,
  organisationName: z.string().trim().max(NAME_MAX, { error: ORGANISATION_NAME_MESSAGE }).nullable().optional(),
});

export const apiSetIsOrganisationAdmin = z.object({ userId: idNumber, isOrganisationAdmin: z.boolean() });
export const apiQuickJoinOrganisation = z.object({ organisationId: idNumber, teamId: idNumber.nullable().optional() });
export const apiQuickJoinTeam = z.object({ organisationId: idNumber.optional(), teamId: idNumber });
/** createTeam: the spec's teamName and organisationId; the preset (default 1) and start date (default today) are optional here (decision 253). */
export const apiCreateTeam = z.object({
  teamName: nameOf(TEAM_NAME_MESSAGE),
  organisationId: idNumber,
  presetId: idNumber.optional(),
  startDate: startDay.optional(),
  timeZone: z.string().max(64).optional(),
});
export const apiSaveOrganisation = z.preprocess(
  (v) => (v && typeof v === 'object' && 'organisation' in v && v.organisation && typeof v.organisation === 'object' ? v.organisation : v),
  z.object({
    organisationId: idNumber.nullable().optional(),
    name: nameOf(ORGANISATION_NAME_MESSAGE),
    licenseType: licenseTypeBody,
    licenseExpiredAt: expiryBody,
    licenseNotes: z.string().max(LICENSE_NOTES_MAX, { error: `Max ${LICENSE_NOTES_MAX} characters` }).nullable().optional(),
    isPrivateUsers: z.boolean().optional(),
  }),
);
export const apiGetOrganisationById = z.object({ organisationId: idNumber });
export const apiGetCommunicationsByRecipient = z.object({
  recipient: z.string().trim().min(1, { error: 'This field is required' }).max(320),
  q: z.string().max(100).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
});
/** Optional list parameters for getAllUsers (the same as the user list's URL, plus a page size of 1-500). */
export const apiGetAllUsers = z.object({
  q: z.string().max(100).optional(),
  license: z.enum(LICENSE_FILTERS).optional(),
  sort: z.string().max(20).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number({ error: PAGE_SIZE_MESSAGE }).int({ error: PAGE_SIZE_MESSAGE }).min(1, { error: PAGE_SIZE_MESSAGE }).max(500, { error: PAGE_SIZE_MESSAGE }).optional(),
});
export const apiGetAllOrganisations = z.object({});

export const recipientParam = z.string().trim().min(1).max(320);

/** Erasing a person (issue 27 s.3): the confirmation form's choice for their posts and comments, and /api/admin/eraseUser. */
export const ERASE_POSTS_MESSAGE = 'Choose what happens to their posts and comments';
export const eraseFormSchema = z.object({
  posts: z.enum(['keep', 'delete'], { error: ERASE_POSTS_MESSAGE }),
});
export const apiEraseUser = z.object({ userId: idNumber, deletePosts: z.boolean().optional() });
