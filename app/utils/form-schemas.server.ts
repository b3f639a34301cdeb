/**
 * The zod schemas that screen actions and loaders parse with, imported through this .server file
 * so that a route's browser bundle never pulls zod (or libphonenumber) in: the compiler drops
 * .server modules from the client, but keeps any other module a route imports even when only its
 * (removed) loader or action used it. Components import these schemas as types only
 * (docs/decisions/141).
 */
export { forgotPasswordSchema, loginEmailSchema, loginSchema } from '@modules/identity/schemas';
export { apiUnsubscribeSchema, getEnquiryFormSchema } from '@modules/admin/schemas';
export { activityFeedbackForm } from '@modules/activities/schemas';
export { actionedBody, postFormSchema } from '@modules/social/schemas';
export { calendarAction, timelineFilter } from '@modules/journeys/schemas';
export { passwordChangeSchema, profileDetailsSchema } from '@modules/identity/schemas';
export { requestFeedbackForm, contactActionForm, restoreContactForm, userFeedbackForm } from '@modules/social/schemas';
export { erasureRequestSchema } from '@modules/admin/schemas';
