/**
 * Progress as a bar or a ring: role="progressbar" with its value in words (aria-valuetext), so a
 * screen reader hears '2 of 4 steps' rather than '50%'. Drawn on the server: no JavaScript needed.
 */
const clamp = (value: number, max: number) => (max > 0 ? Math.min(1, Math.max(0, value / max)) : 0);

export function ProgressBar({
  value,
  max,
  label,
  valueText,
  showLabel = true,
  tone = 'brand',
  large = false,
}: {
  value: number;
  max: number;
  /** What is measured ('Journey progress'): the bar's accessible name, and shown above it. */
  label: string;
  /** The value in words; '{value} of {max}' by default. */
  valueText?: string;
  showLabel?: boolean;
  tone?: 'brand' | 'success';
  large?: boolean;
}) {
  const text = valueText ?? `${value} of ${max}`;
  const pct = Math.round(clamp(value, max) * 100);
  return (
    <div className={`ui-progress tone-${tone}${large ? ' is-large' : ''}`}>
      {showLabel ? (
        <div className="ui-progress-label" aria-hidden="true">
          <span>{label}</span>
          <strong>{text}</strong>
        </div>
      ) : null}
      <div className="ui-progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value} aria-valuetext={text}>
        <span className="ui-progress-fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

export function ProgressRing({
  value,
  max,
  label,
  valueText,
  size = 64,
  stroke = 6,
  tone = 'brand',
}: {
  value: number;
  max: number;
  label: string;
  valueText?: string;
  size?: number;
  stroke?: number;
  tone?: 'brand' | 'success';
}) {
  const text = valueText ?? `${value} of ${max}`;
  const share = clamp(value, max);
  const r = (size - stroke) / 2;
  const circumference = 2 * Math.PI * r;
  return (
    <span className={`ui-ring tone-${tone}`} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value} aria-valuetext={text} style={{ width: size, height: size }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
        <circle className="ui-ring-track" cx={size / 2} cy={size / 2} r={r} strokeWidth={stroke} />
        <circle
          className="ui-ring-fill"
          cx={size / 2}
          cy={size / 2}
          r={r}
          strokeWidth={stroke}
          strokeDasharray={`${(circumference * share).toFixed(2)} ${circumference.toFixed(2)}`}
        />
      </svg>
      <span className="ui-ring-text" aria-hidden="true">
        {`${Math.round(share * 100)}%`}
      </span>
    </span>
  );
}
