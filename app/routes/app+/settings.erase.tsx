import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { ERASURE_DELAY_DAYS, getErasureRequest, requestErasure, withdrawErasure } from '@modules/admin/index.server';
import { erasureRequestSchema as schema } from '~/utils/form-schemas.server';
import { getDb } from '@modules/shared/index.server';
import { formatShortDate } from '~/utils/dates';
import { SettingsNav } from '~/components/profile/settings-nav';
import { readFormData } from '~/utils/form.server';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';
import profileStyles from '~/styles/profile.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileStyles }];
export const meta = appMeta('Erase my account');

const PATH = '/app/settings/erase';
const WHAT_HAPPENS = [
  'You are signed out everywhere and can never sign in again; your calendar and feedback links stop working.',
  'Your email address, names, job title, phone, bio and photo are removed; the email address can be used for a new account.',
  'Files you uploaded are deleted, with your feedback contacts and the feedback you received.',
  "Your posts and comments stay, shown as by 'Former member'.",
  "Your learning records (journeys, activities, visits) stay in your teams' insights without your name.",
];
const MESSAGES = {
  requested: `Your request is recorded. Your account will be erased in ${ERASURE_DELAY_DAYS} days unless you withdraw it.`,
  withdrawn: 'Your request is withdrawn. Nothing will be erased.',
} as const;

/** /app/settings/erase: a person asks for their account to be erased (after 14 days, unless withdrawn; issue 27 s.3). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const pending = await getErasureRequest(getDb(), user.userId);
  const done = new URL(request.url).searchParams.get('done');
  return {
    delayDays: ERASURE_DELAY_DAYS,
    pending: pending && { dueOn: formatShortDate(new Date(pending.dueAt)), requestedOn: formatShortDate(new Date(pending.requestedAt)) },
    message: done === 'requested' || done === 'withdrawn' ? MESSAGES[done] : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  if (submission.value.intent === 'withdraw') {
    await withdrawErasure(getDb(), user.userId);
    throw redirect(`${PATH}?done=withdrawn`, { status: 303 });
  }
  await requestErasure(getDb(), user.userId);
  throw redirect(`${PATH}?done=requested`, { status: 303 });
}

export default function EraseMyAccount() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult, shouldRevalidate: 'onBlur' });
  const confirmError = fields.confirm?.errors?.[0];
  return (
    <section className="page settings-page" aria-labelledby="erase-title">
      <h1>Settings</h1>
      <SettingsNav />
      <h2 id="erase-title">Erase my account</h2>
      {page.message ? (
        <p className="notice" role="status">
          {page.message}
        </p>
      ) : null}
      {page.pending ? (
        <>
          <p>
            You asked on {page.pending.requestedOn} for your account to be erased. It will be erased on <strong>{page.pending.dueOn}</strong>. Your
            organisation&rsquo;s admins were told.
          </p>
          <Form method="post">
            <button type="submit" name="intent" value="withdraw" className="button primary">
              Withdraw my request
            </button>
          </Form>
        </>
      ) : (
        <>
          <p>
            You can ask for your account and your personal data to be erased. Your organisation&rsquo;s admins are told, and the account is erased{' '}
            {page.delayDays} days later unless you withdraw the request here.
          </p>
          <h3>What happens</h3>
          <ul>
            {WHAT_HAPPENS.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="request" />
            <p>
              <label>
                <input type="checkbox" name="confirm" aria-invalid={confirmError ? true : undefined} aria-describedby={confirmError ? 'confirm-error' : undefined} /> I
                understand that my account will be erased for good
              </label>
            </p>
            {confirmError ? (
              <p id="confirm-error" className="field-error">
                {confirmError}
              </p>
            ) : null}
            <button type="submit" className="button danger">
              Erase my account
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
