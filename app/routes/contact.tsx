import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { loadEnv } from '@modules/shared/index.server';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { ContactPage, contactTitle } from '~/components/contact-page';
import { contactAction, contactConstraint, contactPrefill } from '~/features/public-site/contact-form.server';

export const links = siteLinks;

export const meta: MetaFunction = () => [{ title: contactTitle('contact') }];

/** /contact: public; the query (?email=...) prefills the form. */
export async function loader({ request }: LoaderFunctionArgs) {
  return { prefill: contactPrefill(request), supportEmail: loadEnv().SUPPORT_EMAIL, constraint: contactConstraint() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return contactAction(request, context, 'contact');
}

export default function Page() {
  const { prefill, supportEmail, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <SiteShell>
      <ContactPage variant="contact" prefill={prefill} actionData={actionData} supportEmail={supportEmail} constraint={constraint} />
    </SiteShell>
  );
}
