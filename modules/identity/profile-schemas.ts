import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/mobile';
import { idNumber } from '@modules/shared/validation';

/**
 * Profile settings (learner-app s.5): the details form, the password form and their /api bodies,
 * with the spec's exact messages. Server-side only in practice: routes import them through
 * app/utils/form-schemas.server.ts, components as types (no zod or libphonenumber in the bundle).
 */
export const FIRST_NAME_MESSAGE = 'Enter a first name';
export const LAST_NAME_MESSAGE = 'Enter a last name';
export const JOB_TITLE_MESSAGE = 'Job title too long (max 250 characters)';
export const PROFILE_PHONE_MESSAGE = 'Phone number is not valid';
export const BIO_MESSAGE = 'Bio is too long (max 10,000 characters)';
export const CURRENT_PASSWORD_MESSAGE = 'Enter your current password (8 - 64 characters)';
export const NEW_PASSWORD_MESSAGE = 'Enter a new password (8 - 64 characters)';
export const CONFIRM_NEW_PASSWORD_MESSAGE = 'Re-enter your new password (8 - 64 characters)';
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';
/** Australian numbers may be written locally (0412 345 678); others need their +country code. */
export const PROFILE_PHONE_COUNTRY = 'AU';

export const MAX_NAME = 250;
export const MAX_JOB_TITLE = 250;
export const MAX_BIO = 10_000;
export const MAX_PHONE = 40;

/** A required name, 1-250 characters after trimming: one message for empty, blank and too long. */
const name = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(MAX_NAME, { error: message });

/**
 * Optional text, trimmed: empty (or missing, or null from /api) is stored as null. The length check
 * is a refinement so /api answers the spec's message word for word (a custom issue).
 */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.length <= max, { error: message });

const phone = optionalText(MAX_PHONE, PROFILE_PHONE_MESSAGE).refine((v) => v === null || isValidPhoneNumber(v, PROFILE_PHONE_COUNTRY), {
  error: PROFILE_PHONE_MESSAGE,
});

export const profileDetailsFields = {
  firstName: name(FIRST_NAME_MESSAGE),
  lastName: name(LAST_NAME_MESSAGE),
  jobTitle: optionalText(MAX_JOB_TITLE, JOB_TITLE_MESSAGE),
  phone,
  bio: optionalText(MAX_BIO, BIO_MESSAGE),
};

/** The details form of /app/settings/profile. */
export const profileDetailsSchema = z.object(profileDetailsFields);
export type ProfileDetails = z.output<typeof profileDetailsSchema>;

const password = (message: string) =>
  z
    .string({ error: message })
    .min(8, { error: message })
    .max(64, { error: message });

/** The password form: current, new and confirm; a mismatch is the form's overall error. */
export const passwordChangeSchema = z
  .object({
    currentPassword: password(CURRENT_PASSWORD_MESSAGE),
    newPassword: password(NEW_PASSWORD_MESSAGE),
    confirmPassword: password(CONFIRM_NEW_PASSWORD_MESSAGE),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: PASSWORDS_DIFFER_MESSAGE, path: [] });

/** POST /api/user/saveUserDetails {userDetails}: a userId, when sent, must be the caller's own. */
export const apiSaveUserDetailsBody = z.object({
  userDetails: z.object({ userId: idNumber.optional(), ...profileDetailsFields }),
});

/** POST /api/user/updatePassword {currentPassword, newPassword}. */
export const apiUpdatePasswordBody = z.object({
  currentPassword: password(CURRENT_PASSWORD_MESSAGE),
  newPassword: password(NEW_PASSWORD_MESSAGE),
});

/** POST /api/organisation/getUserProfileDataById {userId}. */
export const apiUserIdBody = z.object({ userId: idNumber });

/** POST /api/user/removeProfilePhoto: no body. */
export const apiEmptyBody = z.object({}).loose();
