import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import peopleStylesHref from '~/components/admin/people.css';
import { requireProductAdmin } from '~/utils/session.server';
import { AdminPageHead } from '~/components/admin/page-head';
import { Card } from '~/components/ui';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: peopleStylesHref }];
export const meta: MetaFunction = () => [{ title: 'Test page | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Test page' }) };

/**
 * /admin/test (admin-console s.2): date, time and datetime inputs (a GET form: the server echoes what
 * the browser sent, so it works with JavaScript off), and the PWA install and notification checks
 * the browser allows (JavaScript only). The file is named admin.[test].tsx because *.test.tsx files
 * are test files, not routes.
 */
const pick = (url: URL, name: string, pattern: RegExp) => {
  const v = url.searchParams.get(name) ?? '';
  return pattern.test(v) ? v : '';
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const url = new URL(request.url);
  return {
    date: pick(url, 'date', /^\d{4}-\d{2}-\d{2}$/),
    time: pick(url, 'time', /^\d{2}:\d{2}(:\d{2})?$/),
    datetime: pick(url, 'datetime', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/),
    submitted: url.searchParams.has('date') || url.searchParams.has('time') || url.searchParams.has('datetime'),
  };
}

type Checks = { serviceWorker: string; standalone: string; install: string; notification: string };

function useBrowserChecks() {
  const [checks, setChecks] = useState<Checks | null>(null);
  const [installEvent, setInstallEvent] = useState<Event | null>(null);
  useEffect(() => {
    const read = (): Checks => ({
      serviceWorker: 'serviceWorker' in navigator ? 'Supported' : 'Not supported',
      standalone: window.matchMedia('(display-mode: standalone)').matches ? 'Running installed' : 'Running in a browser tab',
      install: 'Waiting for the browser (beforeinstallprompt)',
      notification: typeof Notification === 'undefined' ? 'Not supported' : Notification.permission,
    });
    setChecks(read());
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setInstallEvent(e);
      setChecks((c) => (c ? { ...c, install: 'Installable' } : c));
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);
  return { checks, setChecks, installEvent };
}

export default function AdminTestPage() {
  const { date, time, datetime, submitted } = useLoaderData<typeof loader>();
  const { checks, setChecks, installEvent } = useBrowserChecks();
  const [message, setMessage] = useState('');
  const askPermission = async () => {
    if (typeof Notification === 'undefined') return;
    const permission = await Notification.requestPermission();
    setChecks((c) => (c ? { ...c, notification: permission } : c));
  };
  const notify = () => {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') {
      setMessage('Allow notifications first.');
      return;
    }
    new Notification('Leda test notification', { body: 'Notifications work in this browser.' });
    setMessage('Test notification sent.');
  };
  const install = async () => {
    const prompt = installEvent as (Event & { prompt?: () => Promise<void> }) | null;
    if (prompt?.prompt) await prompt.prompt();
  };
  return (
    <section aria-labelledby="test-title">
      <AdminPageHead title="Test page" titleId="test-title" />
      <div className="test-grid">
        <Card title="Date and time inputs" titleId="inputs-title">
          <Form method="get" className="admin-subform">
            <div className="field">
              <label htmlFor="t-date">Date</label>
              <input id="t-date" name="date" type="date" min="2000-01-01" max="2099-12-31" defaultValue={date} />
            </div>
            <div className="field">
              <label htmlFor="t-time">Time</label>
              <input id="t-time" name="time" type="time" defaultValue={time} />
            </div>
            <div className="field">
              <label htmlFor="t-datetime">Date and time</label>
              <input id="t-datetime" name="datetime" type="datetime-local" min="2000-01-01T00:00" max="2099-12-31T23:59" defaultValue={datetime} />
            </div>
            <button type="submit" className="button primary">
              Check values
            </button>
          </Form>
          {submitted ? (
            <dl role="status" aria-label="Values the server received">
              <dt>Date</dt>
              <dd>{date || 'empty or invalid'}</dd>
              <dt>Time</dt>
              <dd>{time || 'empty or invalid'}</dd>
              <dt>Date and time</dt>
              <dd>{datetime || 'empty or invalid'}</dd>
            </dl>
          ) : null}
        </Card>
        <Card title="PWA and notifications" titleId="pwa-title">
          {checks ? (
            <>
              <dl>
                <dt>Service worker</dt>
                <dd>{checks.serviceWorker}</dd>
                <dt>Display mode</dt>
                <dd>{checks.standalone}</dd>
                <dt>Install</dt>
                <dd>{checks.install}</dd>
                <dt>Notification permission</dt>
                <dd>{checks.notification}</dd>
              </dl>
              <div className="admin-actions">
                <button type="button" className="button" onClick={() => void install()} disabled={!installEvent}>
                  Install app
                </button>
                <button type="button" className="button" onClick={() => void askPermission()}>
                  Allow notifications
                </button>
                <button type="button" className="button" onClick={notify}>
                  Send a test notification
                </button>
              </div>
              <p role="status">{message}</p>
            </>
          ) : (
            <p>These checks run in the browser and need JavaScript.</p>
          )}
        </Card>
      </div>
    </section>
  );
}
