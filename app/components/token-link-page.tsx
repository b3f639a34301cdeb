import type { ReactNode } from 'react';
import { Form, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { SiteShell } from '~/components/site-shell';

/**
 * A page behind a link from an email that changes something (newsletter confirm, unsubscribe):
 * opening it shows one button (mail scanners only GET), the POST applies it, and a used or expired
 * link says so with a way on. `done` is what the POST answered, shown in place of the button.
 */
export function TokenLinkPage(props: {
  expired: string | null;
  expiredLink: { to: string; label: string };
  done: ReactNode | null;
  title: string;
  text: string;
  button: string;
}) {
  const busy = useNavigation().state === 'submitting';
  return (
    <SiteShell>
      <section className="status-panel">
        {props.expired ? (
          <>
            <h1>Link expired</h1>
            <p>{props.expired}</p>
            <Link className="button" to={props.expiredLink.to}>
              {props.expiredLink.label}
            </Link>
          </>
        ) : (
          (props.done ?? (
            <>
              <h1>{props.title}</h1>
              <p>{props.text}</p>
              <Form method="post">
                <button type="submit" className="button primary" disabled={busy}>
                  {props.button}
                </button>
              </Form>
            </>
          ))
        )}
      </section>
    </SiteShell>
  );
}
