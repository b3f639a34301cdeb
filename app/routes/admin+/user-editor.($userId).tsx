import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { EMAIL_IN_USE, getUserForEditor, listDataExports, peopleSchemas, saveUser } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { attempt, formRefusal, orErrorPage } from '~/utils/domain-error.server';
import { idParam } from '~/utils/route-params.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { UserEditorFields, userEditorTitle } from '~/components/admin/user-editor-form';
import { AdminPageHead } from '~/components/admin/page-head';
import { Badge, Card, type BadgeTone } from '~/components/ui';
import { adminReturnTo, withFlash } from '~/features/admin/people.server';
import peopleStylesHref from '~/components/admin/people.css';
import { formConstraint, readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: peopleStylesHref }];
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.user ? 'Edit user' : 'Create new user'} | Leda Admin` }];
export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => ({ label: (match.data as { user?: unknown } | undefined)?.user ? 'Edit user' : 'Create new user' }),
};

const LIST = '/admin/user-list';

/** The user to edit, or null on the create page (no id in the URL). */
const userFromParams = (params: LoaderFunctionArgs['params']) =>
  params.userId === undefined ? null : orErrorPage(() => getUserForEditor(getDb(), idParam(params, 'userId')));

/** /admin/user-editor (create) and /admin/user-editor/{userId} (edit): the page form the list's dialog also posts to. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const user = await userFromParams(params);
  const returnTo = adminReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST);
  // Their data exports (issue 27 s.2): an admin downloads only the ones they asked for.
  const exports = user ? await listDataExports(getDb(), user.userId) : [];
  return {
    exports: exports.map((x) => ({
      exportId: x.exportId,
      status: x.status,
      progress: x.progress,
      createdAt: x.createdAt.toISOString(),
      downloadPath: x.requestedBy === admin.userId ? x.downloadPath : null,
      askedByMe: x.requestedBy === admin.userId,
    })),
    user: user && { userId: user.userId, email: user.email, firstName: user.firstName, lastName: user.lastName, jobTitle: user.jobTitle },
    returnTo,
    constraint: formConstraint(peopleSchemas.userFormSchema),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const user = await userFromParams(params);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: peopleSchemas.userFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const saved = await attempt(() =>
    saveUser(getDb(), admin.userId, {
      user: { userId: user?.userId ?? null, email: v.email, firstName: v.firstName, lastName: v.lastName, jobTitle: v.jobTitle ?? null, isAdmin: v.isAdmin },
      organisationName: user ? null : (v.organisationName ?? null),
      organisationLicenseType: user ? null : v.organisationLicenseType,
    }),
  );
  if (!saved.ok) return formRefusal(submission, saved.error, { field: saved.error.message === EMAIL_IN_USE ? 'email' : undefined });
  throw redirect(withFlash(adminReturnTo(formData.get('returnTo'), LIST), 'user'), { status: 303 });
}

export default function UserEditorPage() {
  const { user, returnTo, constraint, exports } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="user-editor-title" className="admin-editor-page">
      <AdminPageHead
        title={userEditorTitle(user)}
        titleId="user-editor-title"
        actions={
          <Link to={returnTo} className="button">
            Back to the list
          </Link>
        }
      />
      <Card className="admin-form-card">
        <UserEditorFields user={user} constraint={constraint} lastResult={lastResult} returnTo={returnTo} formId={`user-page-${user?.userId ?? 'new'}`} />
      </Card>
      {user ? <DataExports userId={user.userId} exports={exports} /> : null}
      {user ? (
        <Card title="Erase this person" titleId="erase-heading" className="admin-danger-card">
          <p>Remove their personal data for good (the right to erasure). You will see what happens before anything is erased.</p>
          <p>
            <Link to={`/admin/user-erase/${user.userId}`} className="button danger">
              Erase {user.firstName} {user.lastName}
            </Link>
          </p>
        </Card>
      ) : null}
    </section>
  );
}

const EXPORT_STATUS = { queued: 'Waiting', running: 'Preparing', ready: 'Ready', failed: 'Failed', expired: 'Deleted after 7 days' } as const;
const EXPORT_TONE: Record<keyof typeof EXPORT_STATUS, BadgeTone> = { queued: 'neutral', running: 'brand', ready: 'success', failed: 'danger', expired: 'neutral' };

/** The person's data exports (issue 27 s.2): ask for one (audit logged), follow it, download the ones you asked for. */
function DataExports({ userId, exports }: { userId: number; exports: ReturnType<typeof useLoaderData<typeof loader>>['exports'] }) {
  return (
    <div id="data-export" className="admin-anchor">
      <Card title="Personal data" titleId="data-export-title">
        <p>A copy of everything Leda keeps about this person, as one ZIP file. Asking for it is recorded in the audit log; we email you when it is ready.</p>
        {exports.length ? (
          <table className="card-table">
            <caption>Data exports</caption>
            <thead>
              <tr>
                <th scope="col">Asked</th>
                <th scope="col">Status</th>
                <th scope="col">File</th>
              </tr>
            </thead>
            <tbody>
              {exports.map((x) => (
                <tr key={x.exportId}>
                  <td data-label="Asked">
                    {new Date(x.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC{x.askedByMe ? ' (by you)' : ''}
                  </td>
                  <td data-label="Status">
                    <Badge tone={EXPORT_TONE[x.status]}>{x.status === 'running' ? `${EXPORT_STATUS.running}: ${x.progress}%` : EXPORT_STATUS[x.status]}</Badge>
                  </td>
                  <td data-label="File">
                    {x.downloadPath ? (
                      <a href={x.downloadPath} download>
                        Download
                      </a>
                    ) : (
                      '-'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      <Form method="post" action={`/admin/user-data-export/${userId}`} reloadDocument>
        <button type="submit" className="button">
          Request a data export
        </button>
      </Form>
      {exports.some((x) => x.status === 'queued' || x.status === 'running') ? (
        <p>
          <Link to={`/admin/user-editor/${userId}#data-export`} reloadDocument>
            Refresh
          </Link>
        </p>
      ) : null}
      </Card>
    </div>
  );
}
