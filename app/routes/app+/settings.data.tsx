import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { Link } from '~/components/link';
import { getDb } from '@modules/shared/index.server';
import { attempt, refusal } from '~/utils/domain-error.server';
import { EXPORT_KEEP_DAYS, latestDataExport, requestDataExport } from '@modules/admin/index.server';
import { SettingsNav } from '~/components/profile/settings-nav';
import { Card } from '~/components/ui';
import { appMeta } from '~/utils/meta';
import { formatLongDate } from '~/utils/dates';
import { requireUser } from '~/utils/session.server';
import profileStyles from '~/styles/profile.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileStyles }];
export const meta = appMeta('Your data');

const PATH = '/app/settings/data';

/** /app/settings/data: "Download my data" (issue 27 s.2) with the export's progress, and the way to erasure. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const found = await latestDataExport(getDb(), user.userId, user.userId);
  return {
    exported: found && {
      status: found.status,
      progress: found.progress,
      downloadPath: found.downloadPath,
      expiresAt: found.expiresAt?.toISOString() ?? null,
      sizeKb: found.byteSize === null ? null : Math.max(1, Math.round(found.byteSize / 1024)),
      error: found.error,
    },
    keepDays: EXPORT_KEEP_DAYS,
  };
}

/** Starts an export of the signed-in person's own data (a second click while one runs answers that one). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const asked = await attempt(() => requestDataExport(getDb(), user, user.userId));
  if (!asked.ok) return refusal(asked.error, { error: asked.error.message });
  throw redirect(PATH, { status: 303 });
}


function Progress({ progress }: { progress: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    // With JS: the bar follows the job by polling this page's data every second.
    const t = setInterval(() => revalidator.state === 'idle' && revalidator.revalidate(), 1000);
    return () => clearInterval(t);
  }, [revalidator]);
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content="2" />
      </noscript>
      <progress className="data-export-progress" max={100} value={progress} aria-labelledby="data-export-status" />
      <p id="data-export-status" role="status">
        Preparing your data: {progress}%. We will also email you when it is ready.
      </p>
    </>
  );
}

export default function YourData() {
  const { exported, keepDays } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const navigation = useNavigation();
  const running = exported?.status === 'queued' || exported?.status === 'running';
  return (
    <section className="page settings-page">
      <h1>Settings</h1>
      <SettingsNav />
      <Card title="Download my data" className="settings-section">
        <p>
          Get a copy of the personal data Leda keeps about you: your profile and settings, teams, journeys, My Activities with your answers, assessments
          and games, posts, comments and likes, notifications, peer feedback, visits, the emails we sent you, and the files you uploaded. It comes as one
          ZIP file with a README that explains each file.
        </p>
        <p>
          Preparing it can take a few minutes. We email you when it is ready; the file is deleted after {keepDays} days, and only you can download it,
          signed in.
        </p>
        {refused?.error ? (
          <p className="form-error" role="alert">
            {refused.error}
          </p>
        ) : null}
        {running ? <Progress progress={exported.progress} /> : null}
        {exported?.status === 'ready' && exported.downloadPath ? (
          <p role="status">
            Your data is ready ({exported.sizeKb} KB). You can download it until {exported.expiresAt ? formatLongDate(exported.expiresAt) : 'it expires'}.
          </p>
        ) : null}
        {exported?.status === 'failed' ? (
          <p className="form-error" role="alert">
            {exported.error ?? 'The export stopped. Please ask again.'}
          </p>
        ) : null}
        {exported?.status === 'expired' ? <p>Your last copy was deleted after {keepDays} days. Ask for a new one below.</p> : null}
        {running ? null : (
          <div className="data-export-actions">
            {exported?.status === 'ready' && exported.downloadPath ? (
              <a className="button primary" href={exported.downloadPath} download>
                Download the ZIP file
              </a>
            ) : null}
            <Form method="post">
              <button type="submit" className={exported?.status === 'ready' ? 'button' : 'button primary'} disabled={navigation.state === 'submitting'}>
                {exported?.status === 'ready' ? 'Prepare a new copy' : 'Download my data'}
              </button>
            </Form>
          </div>
        )}
      </Card>
      <Card title="Erase my data" className="settings-section">
        <p>
          You can ask for your account and personal data to be erased. Your organisation&apos;s admins are told, and the erasure happens after a waiting
          period unless you withdraw it. Download your data first if you want to keep a copy.
        </p>
        <p>
          <Link to="/app/settings/erase">Erase my data</Link>
        </p>
      </Card>
    </section>
  );
}
