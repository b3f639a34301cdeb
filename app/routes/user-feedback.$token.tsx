import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useRef } from 'react';
import { boundedInt, getDb } from '@modules/shared/index.server';
import { getFeedbackConfig, submitFeedback, type FeedbackSkill } from '@modules/social/index.server';
import {
  ADDITIONAL_COMMENT,
  FEEDBACK_LINK_EXPIRED,
  FEEDBACK_SKILLS_PER_SECTION,
  FEEDBACK_THANKS,
  MAX_FEEDBACK_COMMENT,
} from '@modules/social/constants';
import { HONEYPOT_FIELD } from '@modules/admin/constants';
import { userFeedbackForm } from '~/utils/form-schemas.server';
import { readFormData } from '~/utils/form.server';
import { attempt, refusal } from '~/utils/domain-error.server';
import { isFeatureOn } from '~/utils/features';
import { feedbackVisitor } from '~/features/feedback/feedback-respondent.server';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { SkillPicker } from '~/components/feedback/skill-picker';
import feedbackStyles from '~/styles/feedback.css';

export const links: LinksFunction = () => [...siteLinks(), { rel: 'stylesheet', href: feedbackStyles }];

export const FEEDBACK_EXPIRED_TITLE = 'Feedback link expired | Leda';
export const FEEDBACK_EXPIRED_MESSAGE = FEEDBACK_LINK_EXPIRED;
export const FEEDBACK_FORM_TITLE = 'Give feedback | Leda';
export const FEEDBACK_REFUSED_TITLE = 'Feedback | Leda';

type Expired = { state: 'expired' };
/** The learner's own link (403) or a second answer through the shared link (409). */
type Refused = { state: 'refused'; message: string };
type FormState = { state: 'form'; userName: string; skills: FeedbackSkill[] };
type ActionData =
  | Expired
  | Refused
  | { state: 'submitted'; userName: string }
  | { state: 'form'; formError: string; chosen: { good: number[]; bad: number[]; comment: string } };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: d && 'state' in d ? (d.state === 'form' ? FEEDBACK_FORM_TITLE : d.state === 'refused' ? FEEDBACK_REFUSED_TITLE : FEEDBACK_EXPIRED_TITLE) : FEEDBACK_EXPIRED_TITLE },
  { name: 'description', content: 'Anonymous feedback for a Leda learner.' },
  { name: 'robots', content: 'noindex' },
];

const tokenOf = (params: LoaderFunctionArgs['params']) => (params.token ?? '').slice(0, 200);
const expired = () => data<Expired>({ state: 'expired' }, { status: 404 });
/** The learner's own link and a second answer from the same person are refused with their own message (decision 240). */
const isRefusal = (status: number) => status === 403 || status === 409;

/**
 * /user-feedback/{token} (anonymous, public-site 4): failed ('Sorry, this feedback link has expired.',
 * a 404) for an unknown, used or expired link or while the feature is off; refused for the learner
 * themself (403) and for a second answer through the shared link (409); else the form. The page sets
 * the browser's feedback cookie (decision 240). The server renders the page, so there is no loading
 * state (decision 205).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isFeatureOn('feedback')) return expired();
  const visitor = await feedbackVisitor(request, context);
  const found = await attempt(() => getFeedbackConfig(getDb(), tokenOf(params), visitor.viewing));
  if (found.ok) return data<FormState>({ state: 'form', ...found.value }, { headers: visitor.headers });
  const { error } = found;
  if (error.status === 404) return expired();
  // 'Already answered' is a 200 on the page: after a plain POST the loader runs again for the same
  // document, and the status of a thank-you page must not be a 409. The learner's own link stays a 403.
  if (isRefusal(error.status)) return data<Refused>({ state: 'refused', message: error.message }, { status: error.status === 409 ? 200 : error.status, headers: visitor.headers });
  throw error;
}

/** The answer: 2 skills done well, 2 to improve, an optional comment; checked again on the server. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!isFeatureOn('feedback')) return expired();
  const submission = parseWithZod(await readFormData(request), { schema: userFeedbackForm });
  const raw = submission.payload as { good?: unknown; bad?: unknown; comment?: unknown };
  const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((x) => boundedInt(String(x)) ?? []).slice(0, 12);
  const chosen = { good: list(raw.good), bad: list(raw.bad), comment: typeof raw.comment === 'string' ? raw.comment.slice(0, MAX_FEEDBACK_COMMENT) : '' };
  const visitor = await feedbackVisitor(request, context);
  const refuse = (formError: string, status: number) => data<ActionData>({ state: 'form', formError, chosen }, { status, headers: visitor.headers });
  if (submission.status !== 'success') {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return refuse(typeof first === 'string' && first.startsWith('The comment') ? first : 'Sorry, we could not read your answer. Please try again.', 400);
  }
  const v = submission.value;
  if (v.website?.trim()) return refuse('Sorry, we could not accept this form.', 400);
  const answered = await attempt(async () => {
    // The name first: a contact's link is used up by the answer.
    const { userName } = await getFeedbackConfig(getDb(), tokenOf(params), visitor.answering);
    await submitFeedback(
      getDb(),
      tokenOf(params),
      {
        answers: v.comment?.trim() ? [{ questionIdentifier: ADDITIONAL_COMMENT, value: v.comment }] : [],
        skillRatings: [...v.good.map((skillId) => ({ skillId, rating: 1 as const })), ...v.bad.map((skillId) => ({ skillId, rating: -1 as const }))],
      },
      { clientIp: context.clientIp, respondent: visitor.answering },
    );
    return userName;
  });
  // 200 said out loud: the answer used up a contact's link, so the loader (run after this POST) answers 404.
  if (answered.ok) return data<ActionData>({ state: 'submitted', userName: answered.value }, { status: 200 });
  const { error } = answered;
  if (error.status === 404) return expired();
  if (isRefusal(error.status)) return refusal<ActionData>(error, { state: 'refused', message: error.message }, { headers: visitor.headers });
  return refuse(error.message, error.status);
}

function ExpiredPanel() {
  return (
    <StatusPanel
      title={FEEDBACK_EXPIRED_MESSAGE}
      body="Feedback links work for a limited time, and a link sent to you by email works once. Ask the person who sent it for a new link if you would still like to give feedback."
    />
  );
}

function RefusedPanel({ message }: { message: string }) {
  return <StatusPanel title={message} body="Feedback is anonymous and counts one answer per person, so results never show what a single person said." />;
}

/** A warning with a way back to the main site: an expired link, or an answer that is refused. */
function StatusPanel({ title, body }: { title: string; body: string }) {
  return (
    <section className="status-panel">
      <span className="status-icon warn" aria-hidden="true">
        !
      </span>
      <h1>{title}</h1>
      <p>{body}</p>
      <div className="cta-actions center">
        <Link className="button large" to="/">
          Back to the main site
        </Link>
      </div>
    </section>
  );
}

function FormError({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref} className="form-error" role="alert" tabIndex={-1} autoFocus>
      <p>{message}</p>
    </div>
  );
}

export default function UserFeedbackPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const view = actionData ?? loaded;
  // First: after the answer the loader runs again, and a contact's link is used up by then.
  if (view.state === 'submitted') {
    return (
      <SiteShell>
        <section className="status-panel" aria-live="polite">
          <span className="status-icon ok" aria-hidden="true">
            ✓
          </span>
          <h1>{FEEDBACK_THANKS}</h1>
          <p>Your answer has been sent anonymously{view.userName ? ` to ${view.userName}` : ''}. You can close this page.</p>
        </section>
      </SiteShell>
    );
  }
  const refusal = view.state === 'refused' ? view : loaded.state === 'refused' ? loaded : null;
  if (refusal) {
    return (
      <SiteShell>
        <RefusedPanel message={refusal.message} />
      </SiteShell>
    );
  }
  if (view.state === 'expired' || loaded.state !== 'form') {
    return (
      <SiteShell>
        <ExpiredPanel />
      </SiteShell>
    );
  }
  const chosen = view.state === 'form' && 'chosen' in view ? view.chosen : { good: [], bad: [], comment: '' };
  const formError = view.state === 'form' && 'formError' in view ? view.formError : null;
  const submitting = navigation.state === 'submitting';
  const name = loaded.userName;
  return (
    <SiteShell>
      <section className="page narrow user-feedback">
        <h1>Feedback for {name}</h1>
        <p className="lead">
          {name} is building their leadership and soft skills with Leda and asked for your honest view. Choose {FEEDBACK_SKILLS_PER_SECTION} skills {name} does well and {FEEDBACK_SKILLS_PER_SECTION} they could improve. Your answer is anonymous.
        </p>
        <Form method="post" className="user-feedback-form">
          <SkillPicker name="good" legend={`Which ${FEEDBACK_SKILLS_PER_SECTION} skills does ${name} do well?`} skills={loaded.skills} initial={chosen.good} max={FEEDBACK_SKILLS_PER_SECTION} />
          <SkillPicker name="bad" legend={`Which ${FEEDBACK_SKILLS_PER_SECTION} skills could ${name} improve?`} skills={loaded.skills} initial={chosen.bad} max={FEEDBACK_SKILLS_PER_SECTION} />
          <div className="field">
            <label htmlFor="feedback-comment">Anything else you would like to say? (optional)</label>
            <textarea id="feedback-comment" name="comment" rows={4} maxLength={MAX_FEEDBACK_COMMENT} defaultValue={chosen.comment} />
          </div>
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="feedback-website">Leave this empty</label>
            <input id="feedback-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </div>
          <FormError message={formError} />
          <button type="submit" className="button primary large" disabled={submitting}>
            {submitting ? 'Sending…' : 'Send feedback'}
          </button>
        </Form>
      </section>
    </SiteShell>
  );
}
