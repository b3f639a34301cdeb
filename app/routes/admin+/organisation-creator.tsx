import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { peopleSchemas, saveOrganisation } from '@modules/admin/index.server';
import { getDb } from '@modules/shared/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { OrganisationForm } from '~/components/admin/organisation-form';
import peopleStylesHref from '~/components/admin/people.css';
import { formConstraint, readFormData } from '~/utils/form.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { requireProductAdmin } from '~/utils/session.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: peopleStylesHref }];
export const meta: MetaFunction = () => [{ title: 'Organisation creator | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Create organisation' }) };

/** /admin/organisation-creator(?name=): the name from the 'Create New Org' prompt is prefilled. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const name = (new URL(request.url).searchParams.get('name') ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 250);
  return { name, constraint: formConstraint(peopleSchemas.organisationFormSchema) };
}

/** Saves, then moves to the organisation editor. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: peopleSchemas.organisationFormSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const organisationId = await saveOrganisation(getDb(), admin.userId, submission.value);
  throw redirect(`/admin/organisation-editor/${organisationId}?saved=organisation`, { status: 303 });
}

export default function OrganisationCreator() {
  const { name, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="org-creator-title">
      <AdminPageHead title="Create organisation" titleId="org-creator-title" />
      <OrganisationForm
        id="organisation-new"
        action="/admin/organisation-creator"
        values={{ name, licenseType: null, licenseExpiredAt: null, licenseNotes: null, isPrivateUsers: false }}
        constraint={constraint}
        lastResult={lastResult}
        submitLabel="Create organisation"
      />
    </section>
  );
}
