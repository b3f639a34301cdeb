import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/mobile';
import { checkbox, emailField, idNumber, optionalString, requiredString } from '@modules/shared/validation';
import { DEFAULT_TEAM_SIZE, HONEYPOT_FIELD, TEAM_SIZES } from './constants';

/**
 * Public-site forms and /api/public bodies (public-site spec sections 5 and 7). The server
 * validates with these; the browser gets only their conform constraints (docs/decisions/141),
 * and values it needs come from ./constants (no zod, no libphonenumber).
 */
export { HONEYPOT_FIELD, type ContactVariant } from './constants';
const PHONE_MESSAGE = 'Enter a valid phone number';
const NEWSLETTER_EMAIL_MESSAGE = 'Enter a valid email';
/** The contact forms' news consent box left unticked (the spec's 'This field is required' exempts checkboxes). */
export const CONSENT_MESSAGE = 'Tick the box to agree to receive news from Leda';
/** Australian numbers may be written locally (0412 345 678); others need their +country code. */
const PHONE_COUNTRY = 'AU';

/** A required name: the spec's own message for an empty box and for one of only spaces alike. */
const named = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(250, { error: 'Max 250 characters' });
const firstName = named('Enter a first name');
const lastName = named('Enter a last name');
const organisation = named('Enter an organisation');
const jobTitle = optionalString(250);
/** Who is writing: the first fields of every public enquiry form and /api/public body. */
const person = { firstName, lastName, email: emailField() };
/** The contact forms (Contact us, Try for free) also ask for the organisation and job title. */
const enquirer = { ...person, organisation, jobTitle };

/** A valid mobile number (required). */
const mobileNumber = requiredString({ max: 40, message: PHONE_MESSAGE }).refine((v) => isValidPhoneNumber(v, PHONE_COUNTRY), {
  error: PHONE_MESSAGE,
});
/** Optional on the try-for-free form, but when given it must be a valid mobile number. */
const optionalMobile = optionalString(40, PHONE_MESSAGE).refine((v) => v === undefined || isValidPhoneNumber(v, PHONE_COUNTRY), {
  error: PHONE_MESSAGE,
});
const honeypot = z.string().max(2000).optional();

/** The contact page in its two variations: a message (contact) or a phone number (try for free). */
export const contactFormSchema = z.object({
  ...enquirer,
  message: optionalString(5000),
  phoneNumber: optionalMobile,
  /** Spec 5: "consentToNews (contact): checkbox required": it must be ticked (decision 255). */
  consentToNews: checkbox.refine((v) => v, { error: CONSENT_MESSAGE }),
  [HONEYPOT_FIELD]: honeypot,
});

export const getEnquiryFormSchema = z.object({
  ...person,
  phoneNumber: mobileNumber,
  teamSize: z.enum(TEAM_SIZES, { error: 'This field is required' }).default(DEFAULT_TEAM_SIZE),
  comments: optionalString(5000),
  [HONEYPOT_FIELD]: honeypot,
});

export const newsletterFormSchema = z.object({
  email: emailField(NEWSLETTER_EMAIL_MESSAGE),
  [HONEYPOT_FIELD]: honeypot,
});

/* ---- /api/public bodies (section 7) ---- */

export const apiContactUsSchema = z.object({
  ...enquirer,
  message: optionalString(5000),
  consentToNews: z.boolean().optional(),
  [HONEYPOT_FIELD]: honeypot,
});

export const apiTryForFreeSchema = z.object({
  ...enquirer,
  phoneNumber: optionalMobile,
  consentToNews: z.boolean().optional(),
  [HONEYPOT_FIELD]: honeypot,
});

/** /api/public/submitGetLeda: organisation carries the phone number, jobTitle the team size, message the comments. */
export const apiGetLedaSchema = z.object({
  ...person,
  organisation: mobileNumber,
  jobTitle: z.enum(TEAM_SIZES, { error: `jobTitle: the team size, one of ${TEAM_SIZES.join(', ')}` }),
  message: optionalString(5000),
  [HONEYPOT_FIELD]: honeypot,
});

export const apiUnsubscribeSchema = z.object({
  email: emailField(),
  [HONEYPOT_FIELD]: honeypot,
});

/** /api/public/getPublicContents: tagId is a tag id, a tag urlId or 'others' (untagged). */
export const apiPublicContentsSchema = z.object({
  tagId: z.union([idNumber, z.string().trim().min(1).max(100)]).nullish(),
  limit: z.number().int().min(1).max(50).default(9),
  offset: z.number().int().min(0).max(10_000).default(0),
});

export const apiPublicContentSchema = z.object({
  contentId: z.union([idNumber, z.string().trim().min(1).max(250)]),
});

/* ---- tracking (/api/public/p and /api/public/t) ---- */

const text = (max: number) => z.string().max(max).nullish();
export const MAX_TRACKING_BODY_BYTES = 16 * 1024;
const MAX_EVENT_PROPERTIES_BYTES = 4 * 1024;

export const pageViewSchema = z.object({
  url: text(2000),
  path: text(2000),
  cid: text(100),
  referrer: text(2000),
  redirectedFrom: text(2000),
  language: text(35),
  utmSource: text(250),
  utmMedium: text(250),
  utmCampaign: text(250),
  utmTerm: text(250),
  utmContent: text(250),
  name: text(500),
  /** Sent by old clients; the server computes the category itself. */
  category: text(20),
});

export const pageEventSchema = pageViewSchema.extend({
  event: z.string().trim().min(1).max(100),
  properties: z
    .record(z.string().max(100), z.unknown())
    .nullish()
    .refine((p) => p == null || JSON.stringify(p).length <= MAX_EVENT_PROPERTIES_BYTES, {
      error: `properties: at most ${MAX_EVENT_PROPERTIES_BYTES} bytes`,
    }),
});

export type PageViewInput = z.infer<typeof pageViewSchema>;
export type PageEventInput = z.infer<typeof pageEventSchema>;

/** POST /api/user/requestDataExport: the caller's own data; a product admin may name another person. */
export const requestDataExportBody = z.object({ userId: idNumber.optional() });
/** POST /api/user/getDataExport { exportId }. */
export const dataExportIdBody = z.object({ exportId: idNumber });

/** A person's own erasure request in settings (issue 27 s.3, decision 262): ask (ticking the box) or withdraw. */
export const ERASURE_CONFIRM_MESSAGE = 'Tick the box to confirm you want your account erased';
export const erasureRequestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('request'), confirm: z.literal('on', { error: ERASURE_CONFIRM_MESSAGE }) }),
  z.object({ intent: z.literal('withdraw') }),
]);

