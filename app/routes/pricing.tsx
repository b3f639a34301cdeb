import { parseWithZod } from '@conform-to/zod/v4';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import type { z } from 'zod';
import { getDb } from '@modules/shared/index.server';
import { recordPageEvent, submitEnquiry } from '@modules/admin/index.server';
import { DEFAULT_TEAM_SIZE, HONEYPOT_FIELD, PLANS, SETUP_FEE_DOLLARS, TEAM_SIZES } from '@modules/admin/constants';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { Field, FormError, LedaForm, SelectField, TextAreaField, useLedaForm } from '~/components/forms';
import { Honeypot, PersonFields, ThankYou } from '~/components/public-forms';
import { PageHero } from '~/components/marketing';
import { formConstraint, readFormData } from '~/utils/form.server';
import { getEnquiryFormSchema } from '~/utils/form-schemas.server';
import { publicFormStatus } from '~/features/public-site/public-forms.server';
import { getOptionalUser } from '~/utils/session.server';

export const links = siteLinks;

export const meta: MetaFunction = () => [
  { title: 'Pricing | Leda' },
  { name: 'description', content: 'Leda plans: Starter, Teams, Teams PLUS and Enterprise. Annual subscription, one-time $100 setup fee.' },
];

/** /pricing: public. ?teamSize= preselects the Get enquiry's dropdown (the plan buttons use it). */
export async function loader({ request }: LoaderFunctionArgs) {
  const teamSize = new URL(request.url).searchParams.get('teamSize');
  return { teamSize: TEAM_SIZES.find((t) => t === teamSize) ?? DEFAULT_TEAM_SIZE, constraint: formConstraint(getEnquiryFormSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: getEnquiryFormSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 });
  const v = submission.value;
  const db = getDb();
  const result = await submitEnquiry(
    db,
    { kind: 'get-leda', firstName: v.firstName, lastName: v.lastName, email: v.email, phoneNumber: v.phoneNumber, teamSize: v.teamSize, message: v.comments },
    { clientIp: context.clientIp, honeypot: v[HONEYPOT_FIELD] },
  );
  if (result.status !== 'ok') return data({ result: submission.reply({ formErrors: [result.message] }), sent: false }, { status: publicFormStatus(result) });
  await recordPageEvent(db, { event: 'submitGetLeda', path: '/pricing', properties: { teamSize: v.teamSize } }, user?.userId ?? null);
  return { result: null, sent: true };
}

const money = (n: number) => `$${n.toLocaleString('en-AU')}`;

export default function PricingPage() {
  const { teamSize, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useLedaForm<z.input<typeof getEnquiryFormSchema>>({
    id: `get-leda-${teamSize}`,
    lastResult: actionData?.result,
    defaultValue: { teamSize },
    constraint,
  });
  return (
    <SiteShell>
      <PageHero
        eyebrow="Pricing"
        title="Simple plans for teams of every size"
        lead={`Every plan is an annual subscription with a one-time ${money(SETUP_FEE_DOLLARS)} setup fee. Prices are in Australian dollars, excluding GST.`}
      />
      <section className="section pricing-section">
        <div className="section-inner">
          <div className="plan-grid">
            {PLANS.map((p) => (
              <article key={p.header} className={`plan-card${p.header === 'Teams' ? ' popular' : ''}`}>
                {p.header === 'Teams' ? <span className="plan-badge">Most popular</span> : null}
                <h2>{p.header}</h2>
                <p className="plan-users">{p.usersLabel}</p>
                <p className="plan-price">
                  {p.pricePerMonth === null ? (
                    <span className="plan-amount varies">Price varies</span>
                  ) : (
                    <>
                      <span className="plan-amount">{money(p.pricePerMonth)}</span>
                      <span className="plan-period">per month</span>
                    </>
                  )}
                </p>
                <ul className="check-list">
                  <li>Annual subscription</li>
                  <li>One-time {money(SETUP_FEE_DOLLARS)} setup fee</li>
                  {p.bullets.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </ul>
                <Link className={`button wide${p.header === 'Teams' ? ' primary' : ''}`} to={`/pricing?teamSize=${encodeURIComponent(p.teamSize)}#get-leda`} preventScrollReset>
                  {p.pricePerMonth === null ? 'Talk to us' : `Get ${p.header}`}
                </Link>
              </article>
            ))}
          </div>
          <p className="plan-note">A licence gives each learner 12 months of access. Not sure which plan fits? Tell us about your team below.</p>
        </div>
      </section>
      <section className="section tinted" id="get-leda">
        <div className="section-inner enquiry-layout">
          <div>
            <p className="eyebrow">Get Leda</p>
            <h2>Tell us about your team</h2>
            <p>We will reply with a quote and help you choose journeys for your first course. There is no obligation.</p>
            <ul className="check-list">
              <li>A reply within one business day</li>
              <li>A walkthrough of the platform if you would like one</li>
              <li>Set-up help for your first team</li>
            </ul>
          </div>
          <div className="form-card">
            {actionData?.sent ? (
              <ThankYou title="Thank you for your enquiry!">
                <p>We will be in touch shortly with a quote for your team.</p>
              </ThankYou>
            ) : (
              <LedaForm form={form} method="post" className="stacked-form" preventScrollReset>
                <FormError id={form.errorId} errors={form.errors} />
                <PersonFields fields={fields} />
                <Field label="Mobile number" meta={fields.phoneNumber} type="tel" autoComplete="tel" hint="Australian mobiles as 04xx xxx xxx; others with their + country code." />
                <SelectField label="Team size" meta={fields.teamSize} options={TEAM_SIZES.map((t) => ({ value: t, label: `${t} people` }))} />
                <TextAreaField label="Comments (optional)" meta={fields.comments} rows={4} />
                <Honeypot />
                <button type="submit" className="button primary wide large" disabled={navigation.state === 'submitting'}>
                  {navigation.state === 'submitting' ? 'Sending…' : 'Get a quote'}
                </button>
              </LedaForm>
            )}
          </div>
        </div>
      </section>
    </SiteShell>
  );
}
