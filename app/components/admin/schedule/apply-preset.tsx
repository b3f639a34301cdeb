import { Form } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useState } from 'react';
import { Card } from '~/components/ui';

/**
 * Apply a preset to the team from a start date (admin-console s.4): the first POST asks for the
 * confirmation 'WARNING: This will replace the existing journeys and posts for this team', the
 * second (confirmed) applies it. Works the same with and without JavaScript.
 */
export const TIME_ZONES = ['Europe/London', 'Europe/Dublin', 'Europe/Paris', 'Europe/Berlin', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Asia/Singapore', 'Australia/Sydney', 'UTC'];

export interface ApplyConfirm {
  presetId: number;
  presetName: string;
  startDate: string;
  timeZone: string;
}

export function ApplyPresetForm({
  presets,
  defaultPresetId,
  today,
  warning,
  confirm,
  errors,
}: {
  presets: { presetId: number; name: string }[];
  defaultPresetId: number;
  today: string;
  warning: string;
  confirm?: ApplyConfirm | null;
  errors?: Record<string, string> | null;
}) {
  const [zone, setZone] = useState('Europe/London');
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browser) setZone(browser);
  }, []);
  const zones = TIME_ZONES.includes(zone) ? TIME_ZONES : [zone, ...TIME_ZONES];
  if (confirm) {
    return (
      <Card title="Apply a preset" titleId="apply-heading" className="apply-preset">
        <div role="alertdialog" aria-labelledby="apply-warning" className="confirm-panel">
          <p id="apply-warning" className="warning">
            <strong>{warning}</strong>
          </p>
          <p>
            Apply <strong>{confirm.presetName}</strong> from {confirm.startDate} ({confirm.timeZone})?
          </p>
          <Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="apply-preset" />
            <input type="hidden" name="confirmed" value="yes" />
            <input type="hidden" name="presetId" value={confirm.presetId} />
            <input type="hidden" name="startDate" value={confirm.startDate} />
            <input type="hidden" name="timeZone" value={confirm.timeZone} />
            <button type="submit" className="button danger" autoFocus>
              Yes, replace journeys and posts
            </button>
          </Form>{' '}
          <Link to="." className="button secondary">
            Cancel
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <Card title="Apply a preset" titleId="apply-heading" className="apply-preset">
      <p className="muted">Replaces this team&apos;s journeys and posts with the preset&apos;s, laid out from the start date.</p>
      <Form method="post" className="apply-preset-form">
        <input type="hidden" name="intent" value="apply-preset" />
        <div className="field">
          <label htmlFor="apply-preset">Preset</label>
          <select id="apply-preset" name="presetId" defaultValue={defaultPresetId} aria-invalid={errors?.presetId ? true : undefined} aria-describedby={errors?.presetId ? 'apply-preset-error' : undefined}>
            {presets.map((p) => (
              <option key={p.presetId} value={p.presetId}>
                {p.name}
              </option>
            ))}
          </select>
          {errors?.presetId ? (
            <p id="apply-preset-error" className="field-errors" role="alert">
              {errors.presetId}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="apply-start">Start date</label>
          <input id="apply-start" type="date" name="startDate" required defaultValue={today} aria-invalid={errors?.startDate ? true : undefined} aria-describedby={errors?.startDate ? 'apply-start-error' : undefined} />
          {errors?.startDate ? (
            <p id="apply-start-error" className="field-errors" role="alert">
              {errors.startDate}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="apply-zone">Time zone of the post times</label>
          <select id="apply-zone" name="timeZone" value={zone} onChange={(e) => setZone(e.target.value)}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button secondary">
          Apply preset…
        </button>
      </Form>
    </Card>
  );
}
