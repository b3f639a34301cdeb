import type { AppLoadContext } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { eraseUser, getErasureTarget, peopleSchemas } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import { policy } from '@modules/identity/index.server';
import { EraseConfirm } from '~/components/admin/erase-confirm';
import { Link } from '~/components/link';
import { readFormData } from '~/utils/form.server';
import { appMeta } from '~/utils/meta';
import { idParam, orNotFound } from '~/utils/route-params.server';
import { requireUser } from '~/utils/session.server';
import profileStyles from '~/styles/profile.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileStyles }];
export const meta = appMeta('Erase a person');

/** Who may: the one policy (organisation admins their organisation's people, product admins anyone). Others: 404, as for a profile they cannot see. */
async function target(request: Request, context: AppLoadContext, params: LoaderFunctionArgs['params']) {
  const viewer = await requireUser(request, context);
  const t = await orNotFound(() => getErasureTarget(getDb(), idParam(params, 'userId')));
  if (t.erasedAt !== null || !policy.canEraseSomeone(viewer, t)) throw data(null, { status: 404 });
  return { viewer, t };
}

/** /app/profile/{userId}/erase: an organisation admin erases one of their organisation's people (issue 27 s.3). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (new URL(request.url).searchParams.get('done') === '1') {
    await requireUser(request, context);
    const t = await orNotFound(() => getErasureTarget(getDb(), idParam(params, 'userId')));
    if (t.erasedAt === null) throw data(null, { status: 404 });
    return { done: true as const };
  }
  const { t } = await target(request, context, params);
  return { done: false as const, userId: t.userId, fullName: t.fullName, email: t.email };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { viewer, t } = await target(request, context, params);
  const submission = parseWithZod(await readFormData(request), { schema: peopleSchemas.eraseFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  await eraseUser(getDb(), viewer.userId, t.userId, { keepPosts: submission.value.posts === 'keep', reason: 'admin' });
  throw redirect(`/app/profile/${t.userId}/erase?done=1`, { status: 303 });
}

export default function ErasePersonPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (page.done) {
    return (
      <section className="page" aria-labelledby="erase-title">
        <h1 id="erase-title">Account erased</h1>
        <p role="status">The account was erased. Their posts and comments show as by a Former member, unless you deleted them.</p>
        <p>
          <Link to="/app/team">Back to your teams</Link>
        </p>
      </section>
    );
  }
  return (
    <div className="page">
      <EraseConfirm fullName={page.fullName} email={page.email} cancelTo={`/app/profile/${page.userId}`} lastResult={lastResult} />
    </div>
  );
}
