import { Form } from '@remix-run/react';
import { Link } from '~/components/link';

/**
 * A row's Delete that asks first, as page state in the URL (?confirm=<id>), so it works without
 * JavaScript: the Delete link opens the question with Delete (a form post of `fields`) and Cancel.
 */
export function InlineConfirmDelete({
  open,
  question,
  fields,
  confirmHref,
  label,
}: {
  open: boolean;
  question: string;
  fields: Record<string, string | number>;
  confirmHref: string;
  label: string;
}) {
  if (!open) {
    return (
      <Link to={confirmHref} className="button small secondary" aria-label={label}>
        Delete
      </Link>
    );
  }
  return (
    <span role="alertdialog" aria-label="Confirm delete" className="confirm">
      {question}{' '}
      <Form method="post" className="inline-form">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button small danger">
          Delete
        </button>
      </Form>{' '}
      <Link to="." className="button small secondary">
        Cancel
      </Link>
    </span>
  );
}
