import { useEffect, useRef } from 'react';
import { Form } from '@remix-run/react';
import { Link } from '~/components/link';

/** learner-app 8: the reset confirmation, with its buttons 'Reset all settings' and 'Cancel'. */
export const RESET_CONFIRM_MESSAGE = 'Are you sure you wish to reset all your notification settings to their defaults?';

/**
 * The confirm step of "Reset all settings": reached through ?confirm=reset, so it works without
 * JavaScript (a page with the question and two buttons); with JavaScript focus moves to it.
 */
export function ResetSettingsConfirm({ cancelTo }: { cancelTo: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="confirm reset-confirm" role="alertdialog" aria-labelledby="reset-confirm-title" aria-describedby="reset-confirm-message" tabIndex={-1}>
      <h3 id="reset-confirm-title">Reset all settings</h3>
      <p id="reset-confirm-message">{RESET_CONFIRM_MESSAGE}</p>
      <Form method="post" action={cancelTo} className="form-actions">
        <button type="submit" name="intent" value="reset" className="button primary">
          Reset all settings
        </button>
        <Link to={cancelTo} className="button" preventScrollReset>
          Cancel
        </Link>
      </Form>
    </div>
  );
}
