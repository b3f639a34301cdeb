import type { AppLoadContext } from '@remix-run/node';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { z } from 'zod';
import { getDb, loadEnv } from '@modules/shared/index.server';
import { policy, type CurrentUser } from '@modules/identity/index.server';
import {
  createPublicFeedbackToken,
  deleteContact,
  feedbackSkills,
  getFeedbackResults,
  listContacts,
  recommendFor,
  requestContactFeedback,
  restoreContact,
  waitLabel,
  waitLeftMs,
} from '@modules/social/index.server';
import { contactActionForm, requestFeedbackForm, restoreContactForm } from '~/utils/form-schemas.server';
import { formConstraint, readFormData } from '~/utils/form.server';
import { attempt, orRefusal, refusal, refusedReply } from '~/utils/domain-error.server';
import { isFeatureOn } from '~/utils/features';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';
import { Field, FormError, LedaForm, useLedaForm } from '~/components/forms';
import { ContactsList, type DeletedContact } from '~/components/feedback/contacts-list';
import { CopyLink } from '~/components/feedback/copy-link';
import { LearnAboutFeedback } from '~/components/feedback/learn-about-feedback';
import { ResultsPanel } from '~/components/feedback/results-panel';
import feedbackStyles from '~/styles/feedback.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: feedbackStyles }];
export const meta = appMeta('Feedback');

type Tab = 'request' | 'results';
const tabOf = (request: Request): Tab => (new URL(request.url).searchParams.get('tab') === 'results' ? 'results' : 'request');

/** Behind the feedback flag (off: 404) and for members of an organisation (policy.canUsePeerFeedback). */
async function requireFeedbackUser(request: Request, context: AppLoadContext): Promise<CurrentUser> {
  const user = await requireUser(request, context);
  if (!isFeatureOn('feedback') || !policy.canUsePeerFeedback(user)) throw new Response('Not found', { status: 404 });
  return user;
}

/**
 * /app/feedback: tabs Request feedback and Feedback results (?tab=, links, no JavaScript needed) and
 * a Learn about feedback accordion (learner-app 2, 4). Each tab loads only its own data.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireFeedbackUser(request, context);
  const tab = tabOf(request);
  const db = getDb();
  if (tab === 'request') {
    const now = new Date();
    const contacts = (await listContacts(db, user)).map((c) => {
      const left = waitLeftMs(c.lastFeedbackRequestAt, now);
      return { ...c, wait: left > 0 ? waitLabel(left) : null };
    });
    return { tab, contacts, constraint: formConstraint(requestFeedbackForm), results: null, recommendations: null };
  }
  const [results, skills] = await Promise.all([getFeedbackResults(db, user), feedbackSkills(db)]);
  // The two most chosen skills to improve lead the recommendations.
  const recommendations = await recommendFor(db, user, results.skillIdsBad.slice(0, 2), skills);
  return { tab, contacts: [], constraint: null, results, recommendations };
}

interface ActionData {
  result?: SubmissionResult<string[]>;
  sentTo?: string;
  publicLink?: string;
  contactErrors?: Record<number, string>;
  /** A contact just deleted: shown with Undo (decision 331). */
  deletedContact?: DeletedContact;
  restoredEmail?: string;
  restoreError?: string;
}

/** Request by email, ask a contact again, delete a contact, get a shareable link: plain POSTs. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireFeedbackUser(request, context);
  const db = getDb();
  const form = await readFormData(request);
  const intent = form.get('intent');
  if (intent === 'public-link') {
    const { token } = await createPublicFeedbackToken(db, user);
    return data<ActionData>({ publicLink: `${loadEnv().PUBLIC_URL}/user-feedback/${token}` });
  }
  if (intent === 'restore-contact') {
    const parsed = restoreContactForm.safeParse({ email: form.get('email'), lastAskedAt: form.get('lastAskedAt') ?? undefined });
    if (!parsed.success) return data<ActionData>({ restoreError: 'This contact could not be restored.' }, { status: 400 });
    const restored = await attempt(() => restoreContact(db, user, parsed.data));
    if (!restored.ok) return refusal<ActionData>(restored.error, { restoreError: restored.error.message });
    return data<ActionData>({ restoredEmail: parsed.data.email });
  }
  if (intent === 'delete' || intent === 're-request') {
    const parsed = contactActionForm.safeParse({ userContactId: form.get('userContactId') });
    if (!parsed.success) return data<ActionData>({ contactErrors: {} }, { status: 400 });
    const id = parsed.data.userContactId;
    return orRefusal(async () => {
      const contact = (await listContacts(db, user)).find((c) => c.userContactId === id);
      if (intent === 'delete') {
        await deleteContact(db, user, id);
        // The page answers with Undo (decision 331); the asked time goes with it so the wait comes back on undo.
        return data<ActionData>({ deletedContact: { email: contact!.email, lastAskedAt: contact!.lastFeedbackRequestAt } });
      }
      if (!contact) return data<ActionData>({ contactErrors: { [id]: 'This contact is no longer in your list.' } }, { status: 404 });
      await requestContactFeedback(db, user, contact.email);
      return data<ActionData>({ sentTo: contact.email });
    }, (error): ActionData => ({ contactErrors: { [id]: error.message } }));
  }
  const submission = parseWithZod(form, { schema: requestFeedbackForm });
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
  // The server's message is shown on the field (learner-app 8).
  const requested = await attempt(() => requestContactFeedback(db, user, submission.value.email));
  if (!requested.ok) return refusal<ActionData>(requested.error, { result: refusedReply(submission, requested.error, { field: 'email' }) });
  return data<ActionData>({ result: submission.reply({ resetForm: true }), sentTo: requested.value.email });
}

function Tabs({ tab }: { tab: Tab }) {
  const item = (t: Tab, label: string) => (
    <li>
      <Link to={`?tab=${t}`} aria-current={tab === t ? 'page' : undefined} className={tab === t ? 'feedback-tab current' : 'feedback-tab'} preventScrollReset>
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Feedback">
      <ul className="feedback-tabs">
        {item('request', 'Request feedback')}
        {item('results', 'Feedback results')}
      </ul>
    </nav>
  );
}

function RequestTab({ contacts, constraint, actionData }: { contacts: Parameters<typeof ContactsList>[0]['contacts']; constraint: ReturnType<typeof formConstraint> | null; actionData?: ActionData }) {
  const navigation = useNavigation();
  const [form, fields] = useLedaForm<z.input<typeof requestFeedbackForm>>({ id: 'request-feedback', lastResult: actionData?.result, constraint: constraint ?? undefined });
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'request';
  return (
    <div className="feedback-request">
      <section className="feedback-card" aria-labelledby="ask-heading">
        <h2 id="ask-heading">Ask someone by email</h2>
        <p>We email them a link to a two-minute form. Their answer is anonymous. You can ask the same person again after 2 weeks.</p>
        {actionData?.sentTo ? (
          <p className="notice" role="status">
            Feedback request sent to {actionData.sentTo}.
          </p>
        ) : null}
        <LedaForm form={form} method="post" className="ask-form">
          <FormError id={form.errorId} errors={form.errors} />
          <Field label="Email address" meta={fields.email} type="email" autoComplete="off" />
          <button type="submit" name="intent" value="request" className="button primary" disabled={sending}>
            {sending ? 'Sending…' : 'Request feedback'}
          </button>
        </LedaForm>
      </section>
      <CopyLink publicLink={actionData?.publicLink ?? null} />
      <section className="feedback-card" aria-labelledby="contacts-heading">
        <h2 id="contacts-heading">People you asked</h2>
        <ContactsList
          contacts={contacts}
          errors={actionData?.contactErrors ?? {}}
          deleted={actionData?.deletedContact ?? null}
          restoredEmail={actionData?.restoredEmail ?? null}
          restoreError={actionData?.restoreError ?? null}
        />
      </section>
    </div>
  );
}

export default function Feedback() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page feedback-page">
      <h1>Feedback</h1>
      <Tabs tab={loaded.tab} />
      <div className="feedback-tab-panel">
        {loaded.tab === 'request' ? (
          <RequestTab contacts={loaded.contacts} constraint={loaded.constraint} actionData={actionData} />
        ) : loaded.results && loaded.recommendations ? (
          <ResultsPanel results={loaded.results} recommendations={loaded.recommendations} />
        ) : null}
      </div>
      <LearnAboutFeedback />
    </section>
  );
}
