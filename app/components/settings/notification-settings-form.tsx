import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import { CheckboxField, ErrorList, FormError, LedaForm, SelectField, useLedaForm, type FormConstraint } from '~/components/forms';

/**
 * The notification settings form (learner-app: Notification settings: email reminders). Plain HTML
 * POST, so it works without JavaScript; with it, Save is enabled only once something differs from
 * the saved settings ("Settings forms can be saved only with unsaved changes"), and a user who never
 * chose a time zone gets the browser's, to review and save.
 */
export interface NotificationFormValues {
  activitiesEnabled: boolean;
  activitiesDays: string[];
  activitiesTime: string;
  journeyEnabled: boolean;
  journeyTime: string;
  updatesEnabled: boolean;
  digestEnabled: boolean;
  timeZone: string;
}

const WEEKDAYS = [
  { value: '1', label: 'Monday' },
  { value: '2', label: 'Tuesday' },
  { value: '3', label: 'Wednesday' },
  { value: '4', label: 'Thursday' },
  { value: '5', label: 'Friday' },
  { value: '6', label: 'Saturday' },
  { value: '0', label: 'Sunday' },
];

/** Every quarter hour, labelled on a 12-hour clock (learner-app 5: 15-minute steps, 12-hour clock). */
const TIMES = Array.from({ length: 96 }, (_, i) => {
  const h = Math.floor(i / 4);
  const m = (i % 4) * 15;
  const value = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  const label = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
  return { value, label };
});

const serialise = (form: HTMLFormElement) =>
  [...new FormData(form).entries()]
    .filter(([k]) => k !== 'intent')
    .map(([k, v]) => `${k}=${String(v)}`)
    .sort()
    .join('&');

export function NotificationSettingsForm(props: {
  values: NotificationFormValues;
  zoneStored: boolean;
  timeZones: string[];
  showJourney: boolean;
  showDigest: boolean;
  constraint: FormConstraint;
  lastResult: SubmissionResult<string[]> | null | undefined;
  submitting: boolean;
}) {
  const { values } = props;
  const [form, fields] = useLedaForm<Record<string, string | string[] | undefined>>({
    id: 'notification-settings',
    lastResult: props.lastResult,
    constraint: props.constraint,
    defaultValue: {
      activitiesEnabled: values.activitiesEnabled ? 'on' : undefined,
      activitiesDays: values.activitiesDays,
      activitiesTime: values.activitiesTime,
      journeyEnabled: values.journeyEnabled ? 'on' : undefined,
      journeyTime: values.journeyTime,
      updatesEnabled: values.updatesEnabled ? 'on' : undefined,
      digestEnabled: values.digestEnabled ? 'on' : undefined,
      timeZone: values.timeZone,
    },
  });
  const wrapper = useRef<HTMLDivElement>(null);
  const initial = useRef<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [zoneHint, setZoneHint] = useState<string | null>(null);

  const check = () => {
    const el = wrapper.current?.querySelector('form');
    if (el && initial.current !== null) setDirty(serialise(el) !== initial.current);
  };

  useEffect(() => {
    const el = wrapper.current?.querySelector('form');
    if (!el) return;
    initial.current = serialise(el);
    setHydrated(true);
    if (!props.zoneStored) {
      const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const select = el.querySelector<HTMLSelectElement>('select[name="timeZone"]');
      if (select && browserZone && browserZone !== select.value && props.timeZones.includes(browserZone)) {
        select.value = browserZone;
        setZoneHint(`We set your time zone to ${browserZone.replace(/_/g, ' ')} from your browser. Save to keep it.`);
      }
    }
    setDirty(serialise(el) !== initial.current);
    // Once per saved version of the settings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(values), props.zoneStored]);

  const daysMeta = fields.activitiesDays!;
  const daysInvalid = Boolean(daysMeta.errors?.length);
  const zoneOptions = props.timeZones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));

  return (
    <div ref={wrapper} onChange={check} onInput={check}>
      <LedaForm form={form} method="post" className="settings-form">
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset className="settings-group">
          <legend>Activities reminder</legend>
          <p className="field-hint">An email about the activities you have not finished yet.</p>
          <CheckboxField label="Email me an activities reminder" meta={fields.activitiesEnabled!} />
          <fieldset className="weekday-picker" aria-describedby={daysInvalid ? daysMeta.errorId : undefined}>
            <legend>On these days</legend>
            {WEEKDAYS.map((d) => (
              <span className="checkbox-inline" key={d.value}>
                <input
                  type="checkbox"
                  id={`${daysMeta.id}-${d.value}`}
                  name={daysMeta.name}
                  value={d.value}
                  defaultChecked={values.activitiesDays.includes(d.value)}
                  aria-invalid={daysInvalid || undefined}
                />
                <label htmlFor={`${daysMeta.id}-${d.value}`}>{d.label}</label>
              </span>
            ))}
            <ErrorList id={daysMeta.errorId} errors={daysMeta.errors} />
          </fieldset>
          <SelectField label="At" meta={fields.activitiesTime!} options={TIMES} />
        </fieldset>

        {props.showJourney ? (
          <fieldset className="settings-group">
            <legend>Journey reminder</legend>
            <p className="field-hint">An email when you have started a journey and not continued it for a week while your team moves ahead.</p>
            <CheckboxField label="Email me a journey reminder" meta={fields.journeyEnabled!} />
            <SelectField label="At" meta={fields.journeyTime!} options={TIMES} />
          </fieldset>
        ) : null}

        <fieldset className="settings-group">
          <legend>Leda updates</legend>
          <CheckboxField label="Email me Leda updates (product news, at most once a month)" meta={fields.updatesEnabled!} />
          {props.showDigest ? <CheckboxField label="Email me a weekly digest of my team's progress (team admins)" meta={fields.digestEnabled!} /> : null}
        </fieldset>

        <fieldset className="settings-group">
          <legend>Time zone</legend>
          <SelectField label="Reminder times are in" meta={fields.timeZone!} options={zoneOptions} />
          {zoneHint ? (
            <p className="field-hint" role="status">
              {zoneHint}
            </p>
          ) : null}
        </fieldset>

        <div className="form-actions">
          <button type="submit" name="intent" value="save" className="button primary" disabled={props.submitting || (hydrated && !dirty)}>
            {props.submitting ? 'Saving…' : 'Save'}
          </button>
        </div>
      </LedaForm>
    </div>
  );
}
