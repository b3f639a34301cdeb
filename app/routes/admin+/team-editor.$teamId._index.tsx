import type { z } from 'zod';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useRevalidator } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect } from 'react';
import { getDb, getJobProgress, idSchema, logger } from '@modules/shared/index.server';
import { addUserToTeam, findTeamUser, listTeamUsers, removeTeamUser, sendWelcomeEmails, teamSchemas, toggleTeamUserAdmin, WELCOME_SKIPPED_NOTE } from '@modules/admin/index.server';
import { teamFromParams } from '~/features/admin/team-params.server';
import { ACTION_ERROR, Confirm, MembersTable, WELCOME_FORM_ID } from '~/components/admin/team-editor/members-table';
import { Card, ProgressBar, Toast } from '~/components/ui';
import { CheckboxField, Field, FormError, LedaForm, useLedaForm } from '~/components/forms';
import { formConstraint, readFormData } from '~/utils/form.server';
import { attempt, refusal, refusedReply } from '~/utils/domain-error.server';
import { requireProductAdmin } from '~/utils/session.server';

export const meta: MetaFunction = () => [{ title: 'Team Settings | Members | Leda Admin' }];

const ids = (values: (string | null)[]) =>
  [...new Set(values.map((v) => idSchema.safeParse(v)).flatMap((p) => (p.success ? [p.data] : [])))].slice(0, 10_000);

/**
 * MEMBERS tab: members with the password dot; add by email, team admin toggle, remove (confirmed),
 * welcome emails to the chosen members (confirmed, then the batch's progress), import by CSV.
 * The confirmations are page states in the URL (?remove=, ?welcome=1&userId=…), so all of it works without JS.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  const url = new URL(request.url);
  const members = await listTeamUsers(getDb(), team.teamId);
  const removeId = idSchema.safeParse(url.searchParams.get('remove'));
  const removing = removeId.success ? members.find((m) => m.teamUserId === removeId.data) ?? null : null;
  const chosen = new Set(ids(url.searchParams.getAll('userId')));
  const welcome = url.searchParams.get('welcome') === '1' ? members.filter((m) => chosen.has(m.userId)) : null;
  const jobId = url.searchParams.get('welcomeJob');
  const job = jobId && /^welcome-req-[A-Za-z0-9_-]{8,64}$/.test(jobId) ? await getJobProgress('bulk', jobId) : undefined;
  const progress = job?.progress && typeof job.progress === 'object' ? (job.progress as { done?: number; total?: number }) : null;
  return {
    teamId: team.teamId,
    members,
    removing,
    welcome,
    // A fresh key per confirmation: the same confirmation posted twice (a double click) sends once.
    requestKey: welcome ? crypto.randomUUID().replace(/-/g, '') : null,
    welcomeJob:
      jobId && job !== undefined
        ? {
            state: job.state,
            done: progress?.done ?? 0,
            total: progress?.total ?? Number(url.searchParams.get('count') ?? 0),
            skipped: Math.max(0, Math.min(10_000, Number(url.searchParams.get('skipped')) || 0)),
          }
        : null,
    welcomeNote: WELCOME_SKIPPED_NOTE,
    constraint: formConstraint(teamSchemas.addMemberFormSchema),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  const form = await readFormData(request);
  const intent = form.get('intent');
  const base = `/admin/team-editor/${team.teamId}`;
  const db = getDb();
  if (intent === 'add') {
    const submission = parseWithZod(form, { schema: teamSchemas.addMemberFormSchema });
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 });
    const added = await attempt(() => addUserToTeam(db, admin.userId, { teamId: team.teamId, email: submission.value.email, isAdmin: submission.value.isAdmin }));
    if (!added.ok) return refusal(added.error, { intent, result: refusedReply(submission, added.error) });
    return { intent, result: submission.reply({ resetForm: true }), added: submission.value.email, notice: added.value.organisationNotice };
  }
  // The member ids below must belong to this team (an id from another team is refused).
  const teamUserId = idSchema.safeParse(form.get('teamUserId'));
  const member = teamUserId.success ? await findTeamUser(db, teamUserId.data) : null;
  if (intent === 'toggleAdmin' || intent === 'remove') {
    if (!member || member.teamId !== team.teamId) return data({ intent, ok: false, message: ACTION_ERROR }, { status: 404 });
    if (intent === 'toggleAdmin') {
      const value = form.get('isTeamAdmin');
      await toggleTeamUserAdmin(db, admin.userId, { teamUserId: member.teamUserId, isTeamAdmin: value === 'true' ? true : value === 'false' ? false : undefined });
      return { intent, ok: true };
    }
    await removeTeamUser(db, admin.userId, { teamUserId: member.teamUserId });
    throw redirect(`${base}?removed=1`, { status: 303 });
  }
  if (intent === 'welcome') {
    const members = await listTeamUsers(db, team.teamId);
    const chosen = new Set(ids(form.getAll('userId').map(String)));
    const userIds = members.filter((m) => chosen.has(m.userId)).map((m) => m.userId);
    const requestKey = String(form.get('requestKey') ?? '');
    if (!userIds.length || !/^[A-Za-z0-9_-]{8,64}$/.test(requestKey)) return data({ intent, ok: false, message: ACTION_ERROR }, { status: 400 });
    const welcomed = await attempt(() => sendWelcomeEmails(db, admin.userId, { userIds, teamId: team.teamId, requestKey })).catch((error: unknown) => {
      logger().error({ err: error }, 'welcome emails failed');
      return null;
    });
    if (!welcomed) return data({ intent, ok: false, message: ACTION_ERROR }, { status: 500 });
    // Nobody may be welcomed now (all activated, or emailed within the hour): say so.
    if (!welcomed.ok) return refusal(welcomed.error, { intent, ok: false, message: welcomed.error.message });
    const sent = welcomed.value;
    const skipped = sent.alreadyActive.length + sent.recentlyWelcomed.length;
    throw redirect(`${base}?welcomeJob=${sent.jobId}&count=${sent.count}${skipped ? `&skipped=${skipped}` : ''}`, { status: 303 });
  }
  return data({ intent: 'unknown', ok: false, message: ACTION_ERROR }, { status: 400 });
}

function AddMemberForm() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && actionData.intent === 'add' && 'result' in actionData ? actionData.result : undefined;
  const [form, fields] = useLedaForm<z.input<typeof teamSchemas.addMemberFormSchema>>({ id: 'add-member', lastResult, constraint });
  const added = actionData && 'added' in actionData ? actionData.added : null;
  const notice = actionData && 'notice' in actionData ? actionData.notice : null;
  return (
    <Card title="Add a user by email" titleId="add-member-title" className="te-card">
      <LedaForm form={form} method="post" className="te-row">
        <input type="hidden" name="intent" value="add" />
        <Field label="Email" meta={fields.email} type="email" autoComplete="off" />
        <CheckboxField label="Team admin" meta={fields.isAdmin} />
        <button type="submit" className="button primary">
          Add user
        </button>
      </LedaForm>
      <FormError id={form.errorId} errors={form.errors} />
      {added ? (
        <Toast tone="success">
          {added} was added to the team.{notice ? ` ${notice}` : ''}
        </Toast>
      ) : null}
    </Card>
  );
}

function WelcomeProgress({ job, note }: { job: { state: string; done: number; total: number; skipped: number }; note: string }) {
  const revalidator = useRevalidator();
  const running = job.state !== 'completed' && job.state !== 'failed';
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => revalidator.state === 'idle' && revalidator.revalidate(), 1000);
    return () => clearInterval(t);
  }, [running, revalidator]);
  return (
    <Card title="Welcome emails" titleId="welcome-progress-title" className="te-card">
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <ProgressBar
        value={job.state === 'completed' ? job.total : job.done}
        max={job.total}
        label="Welcome emails"
        showLabel={false}
        tone={job.state === 'completed' ? 'success' : 'brand'}
        large
      />
      <p role="status">
        {job.state === 'failed'
          ? ACTION_ERROR
          : job.state === 'completed'
            ? `Welcome emails sent to ${job.total} ${job.total === 1 ? 'person' : 'people'}.`
            : `Sending welcome emails: ${job.done} of ${job.total}.`}
      </p>
      {job.skipped ? (
        <p>
          {`${job.skipped} ${job.skipped === 1 ? 'person was' : 'people were'} not sent one. `}
          {note}
        </p>
      ) : null}
    </Card>
  );
}

export default function TeamMembers() {
  const { teamId, members, removing, welcome, requestKey, welcomeJob, welcomeNote } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const base = `/admin/team-editor/${teamId}`;
  const failed = actionData && 'message' in actionData && actionData.ok === false ? actionData.message : null;
  const withoutPassword = new Set(members.filter((m) => !m.isPasswordNonNull).map((m) => m.userId));
  return (
    <div className="te-members">
      {failed ? <Toast tone="danger">{failed}</Toast> : null}
      {removing ? (
        <Confirm title={`Remove ${removing.fullName} from the team?`} intent="remove" hidden={{ teamUserId: String(removing.teamUserId) }} confirmLabel="Remove" cancelTo={base}>
          <p>Their account stays; they lose access to this team.</p>
        </Confirm>
      ) : null}
      {welcome ? (
        welcome.length ? (
          <Confirm
            title={`Send welcome emails to ${welcome.length} ${welcome.length === 1 ? 'person' : 'people'}?`}
            intent="welcome"
            hidden={{ userId: welcome.map((m) => String(m.userId)), requestKey: requestKey ?? '' }}
            confirmLabel="Send welcome emails"
            cancelTo={base}
          >
            <p>Each person gets an email with a link to create their password.</p>
            <p>{welcomeNote}</p>
          </Confirm>
        ) : (
          <Toast tone="danger">Choose at least one person.</Toast>
        )
      ) : null}
      {welcomeJob ? <WelcomeProgress job={welcomeJob} note={welcomeNote} /> : null}
      <AddMemberForm />
      <Card
        title={`Members (${members.length})`}
        titleId="members-title"
        className="te-card"
        actions={
          <>
            <Form method="get" id={WELCOME_FORM_ID}>
              <input type="hidden" name="welcome" value="1" />
              <button type="submit" className="button">
                Send welcome emails
              </button>
            </Form>
            <Link to={`${base}/import`} className="button">
              Import by CSV
            </Link>
          </>
        }
      >
        <p className="field-hint">Members without a password are chosen for welcome emails; change the choice with the boxes.</p>
        <MembersTable members={members} selected={withoutPassword} />
      </Card>
    </div>
  );
}
