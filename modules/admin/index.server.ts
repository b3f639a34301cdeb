/** The admin module's public surface: console use cases, seeding, communications. */
export { seedDemo, seedDemoIfEmpty, addSeedStep, DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-seed.server';
export {
  submitEnquiry,
  subscribeToNewsletter,
  unsubscribeEmail,
  isUnsubscribed,
  canReceiveProductNews,
  guardPublicForm,
  HONEYPOT_REFUSED,
  FORMS_RATE_LIMITED,
  PUBLIC_FORM_POINTS,
  type PublicFormResult,
  type EnquiryInput,
} from './enquiries.server';
export { recordPageView, recordPageEvent, pageCategory, type PageCategory } from './tracking.server';
export { createUserAndSendWelcome } from './welcome.server';
