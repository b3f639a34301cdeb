import { Fragment, useId } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

function StarShape() {
  return (
    <svg className="ui-star" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

export const starLabel = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

/**
 * A 1-5 star rating: a fieldset of five radios named `name`, each labelled '{n} star(s)' and drawn as a
 * star; every star up to the chosen (or hovered) one fills, in CSS only, so it works without
 * JavaScript and with the keyboard (arrow keys move between the radios).
 */
export function StarRating({ name = 'rating', legend, defaultValue, required = false, hint }: { name?: string; legend: string; defaultValue?: number; required?: boolean; hint?: string }) {
  const id = useId();
  return (
    <fieldset className="ui-stars" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      <span className="ui-stars-row">
        {STARS.map((n) => (
          <Fragment key={n}>
            <input type="radio" id={`${id}-${n}`} name={name} value={n} required={required} defaultChecked={defaultValue === n} />
            <label htmlFor={`${id}-${n}`} title={starLabel(n)}>
              <StarShape />
              <span className="visually-hidden">{starLabel(n)}</span>
            </label>
          </Fragment>
        ))}
      </span>
      {hint ? (
        <p id={`${id}-hint`} className="ui-stars-hint">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A rating already given, read-only: 'Rated 4 of 5 stars'. */
export function StarValue({ value }: { value: number }) {
  return (
    <span className="ui-stars-value" role="img" aria-label={`Rated ${value} of 5 stars`}>
      {STARS.map((n) => (
        <span key={n} className={n <= value ? 'is-full' : 'is-empty'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
