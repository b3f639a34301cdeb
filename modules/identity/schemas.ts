import { z } from 'zod';
import { emailField } from '@modules/shared/validation';

/** Zod schemas for the sign-in flows, shared by the forms (conform) and the /api bodies. Browser-safe. */
const PASSWORD_MESSAGE = 'Enter a password (between 8 - 64 characters)';
const CONFIRM_MESSAGE = 'Re-enter your password (between 8 - 64 characters)';
const MISMATCH_MESSAGE = 'Passwords do not match';

const password = (message: string) =>
  z
    .string({ error: message })
    .min(8, { error: message })
    .max(64, { error: message });

export const loginSchema = z.object({
  email: emailField(),
  password: password(PASSWORD_MESSAGE),
  thenTo: z.string().max(2000).optional(),
});

/** The login page's first step when an organisation signs in with its own identity provider (GET /auth/login?email=…, /auth/sso?email=…). */
export const loginEmailSchema = z.object({ email: emailField(), thenTo: z.string().max(2000).optional() });

export const forgotPasswordSchema = z.object({ email: emailField() });

export const newPasswordSchema = z
  .object({
    password: password(PASSWORD_MESSAGE),
    confirmPassword: password(CONFIRM_MESSAGE),
  })
  .refine((v) => v.password === v.confirmPassword, { error: MISMATCH_MESSAGE, path: ['confirmPassword'] });

/** /api bodies (section 7 of the public-site spec). */
export const apiLoginSchema = z.object({ email: emailField(), password: password(PASSWORD_MESSAGE) });
export const apiResetPasswordSchema = z.object({ password: password(PASSWORD_MESSAGE), token: z.string().min(1).max(200) });
export const apiForgotPasswordSchema = z.object({ email: emailField() });
export const apiVerifyAccountSchema = z.object({ token: z.string().min(1).max(200) });
export const apiAuthenticateSchema = z.object({
  mlt: z.string().max(200).nullish(),
  cid: z.string().max(100).nullish(),
  /** The catalogue version the caller holds: referenceData is left out when it is current (docs/decisions/144). */
  referenceDataVersion: z.number().int().min(0).max(2_147_483_647).nullish(),
});

export { LicenseType, type LicenseTypeValue } from './constants';
export {
  profileDetailsSchema,
  passwordChangeSchema,
  apiSaveUserDetailsBody,
  apiUpdatePasswordBody,
  apiUserIdBody,
  apiEmptyBody,
} from './profile-schemas';
