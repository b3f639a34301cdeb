import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { EMAIL_IN_USE, getUserForEditor, listDataExports, peopleSchemas, saveUser } from '@modules/admin/index.server';
import { getDb, isDomainError } from '@modules/shared/index.server';
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

async function userFromParams(userId: string | undefined) {
  if (userId === undefined) return null;
  const id = peopleSchemas.userIdParam.safeParse(userId);
  if (!id.success) throw new Response('Not found', { status: 404 });
  try {
    return await getUserForEditor(getDb(), id.data);
  } catch (error) {
    if (isDomainError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

/** /admin/user-editor (create) and /admin/user-editor/{userId} (edit): the page form the list's dialog also posts to. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const user = await userFromParams(params.userId);
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
  const user = await userFromParams(params.userId);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: peopleSchemas.userFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const v = submission.value;
  try {
    await saveUser(getDb(), admin.userId, {
      user: { userId: user?.userId ?? null, email: v.email, firstName: v.firstName, lastName: v.lastName, jobTitle: v.jobTitle ?? null, isAdmin: v.isAdmin },
      organisationName: user ? null : (v.organisationName ?? null),
      organisationLicenseType: user ? null : v.organisationLicenseType,
    });
  } catch (error) {
    if (isDomainError(error) && error.message === EMAIL_IN_USE) return data(submission.reply({ fieldErrors: { email: [EMAIL_IN_USE] } }), { status: 409 });
    if (isDomainError(error)) return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
    throw error;
  }
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
