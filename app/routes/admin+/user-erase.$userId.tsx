import type { AppLoadContext } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { eraseUser, getErasureTarget, peopleSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { policy } from '@modules/identity/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { EraseConfirm } from '~/components/admin/erase-confirm';
import { withFlash } from '~/features/admin/people.server';
import { Link } from '~/components/link';
import { readFormData } from '~/utils/form.server';
import { idParam, orNotFound } from '~/utils/route-params.server';
import { requireProductAdmin } from '~/utils/session.server';
import { Card, Toast } from '~/components/ui';
import { AdminPageHead } from '~/components/admin/page-head';

export const meta: MetaFunction = () => [{ title: 'Erase user | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Erase user' }) };

async function target(request: Request, context: AppLoadContext, params: LoaderFunctionArgs['params']) {
  const admin = await requireProductAdmin(request, context);
  const t = await orNotFound(() => getErasureTarget(getDb(), idParam(params, 'userId')));
  return { admin, t, allowed: policy.canEraseSomeone(admin, t) };
}

/** /admin/user-erase/{userId}: a product admin erases a person after a confirmation naming what happens (issue 27 s.3). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { t, allowed } = await target(request, context, params);
  return { userId: t.userId, fullName: t.fullName, email: t.email, erased: t.erasedAt !== null, allowed };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { admin, t, allowed } = await target(request, context, params);
  const submission = parseWithZod(await readFormData(request), { schema: peopleSchemas.eraseFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  if (!allowed) return data(submission.reply({ formErrors: ['You cannot erase your own account here: ask for it in your settings.'] }), { status: 403 });
  await eraseUser(getDb(), admin.userId, t.userId, { keepPosts: submission.value.posts === 'keep', reason: 'admin' });
  throw redirect(withFlash('/admin/user-list', 'erased'), { status: 303 });
}

export default function UserErasePage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (page.erased) {
    return (
      <section aria-labelledby="erase-title">
        <AdminPageHead title="Erase user" titleId="erase-title" />
        <Toast tone="info">This account was erased already.</Toast>
        <p>
          <Link to="/admin/user-list">Back to the list</Link>
        </p>
      </section>
    );
  }
  if (!page.allowed) {
    return (
      <section aria-labelledby="erase-title">
        <AdminPageHead title="Erase user" titleId="erase-title" />
        <Toast tone="warning">You cannot erase your own account here: ask for it in your settings.</Toast>
        <p>
          <Link to={`/admin/user-editor/${page.userId}`}>Back to the user</Link>
        </p>
      </section>
    );
  }
  return (
    <Card className="admin-danger-card admin-form-card">
      <EraseConfirm fullName={page.fullName} email={page.email} cancelTo={`/admin/user-editor/${page.userId}`} lastResult={lastResult} />
    </Card>
  );
}
