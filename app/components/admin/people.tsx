import { Form } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { listHref, type ListState } from '~/components/data-table';
import { formatDateTime, formatShortDate } from '~/utils/dates';
import { Tabs, Toast } from '~/components/ui';

/**
 * Small shared pieces of the admin console's people screens (user list, organisation and team list,
 * organisation editor). Every one is a plain HTML form or link, so it works with JavaScript off:
 * - ConfirmForm: a <details> disclosure whose button opens the question and the confirming submit
 *   (Grant/Revoke org admin, and any other "are you sure" step).
 * - PromptForm: a <details> disclosure with one labelled text field and a submit ('Create Team',
 *   'Create New Org' name prompts).
 * - QuickJoinForm: POSTs and opens the app in a new window (target=_blank).
 * - CreateTeamForm: 'Create Team' with the team preset form (a name, a preset, default preset 1,
 *   and a start date, all required; admin-console s.5).
 */
export const shortDate = (value: Date | string | null | undefined): string => formatShortDate(value);
export const shortDateTime = (value: Date | string | null | undefined): string => formatDateTime(value);

export const isoDay = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString().slice(0, 10) : '');

/** The five licence filters of the user list and the organisation list (admin-console s.2). */
export const LICENSE_FILTER_LABELS: { value: '' | 'full' | 'trial' | 'student' | 'none'; label: string }[] = [
  { value: '', label: 'View All' },
  { value: 'full', label: 'Full License' },
  { value: 'trial', label: 'Trial license' },
  { value: 'student', label: 'Student license' },
  { value: 'none', label: 'No License' },
];

export const LICENSE_NAMES: Record<number, string> = { 0: 'No licence', 1: 'Trial', 2: 'Full', 3: 'Student' };
export const licenseName = (t: number | null | undefined) => (t == null ? 'No licence' : (LICENSE_NAMES[t] ?? 'No licence'));

type Hidden = Record<string, string | number>;

function HiddenFields({ fields }: { fields: Hidden }) {
  return (
    <>
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={String(v)} />
      ))}
    </>
  );
}

export function ConfirmForm({
  label,
  question,
  confirmLabel,
  action,
  fields,
  className,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  action?: string;
  fields: Hidden;
  className?: string;
}) {
  return (
    <details className={`admin-disclosure${className ? ` ${className}` : ''}`}>
      <summary className="button small">{label}</summary>
      <div className="admin-disclosure-body" role="group" aria-label={label}>
        <p>{question}</p>
        <Form method="post" action={action}>
          <HiddenFields fields={fields} />
          <button type="submit" className="button small primary">
            {confirmLabel}
          </button>
        </Form>
      </div>
    </details>
  );
}

export function PromptForm({
  label,
  fieldLabel,
  name,
  action,
  method = 'post',
  fields = {},
  submitLabel,
  maxLength = 250,
  defaultOpen,
}: {
  label: string;
  fieldLabel: string;
  name: string;
  action?: string;
  method?: 'get' | 'post';
  fields?: Hidden;
  submitLabel: string;
  maxLength?: number;
  defaultOpen?: boolean;
}) {
  const id = useId();
  return (
    <details className="admin-disclosure" open={defaultOpen}>
      <summary className="button small">{label}</summary>
      <div className="admin-disclosure-body">
        <Form method={method} action={action}>
          <HiddenFields fields={fields} />
          <label htmlFor={id}>{fieldLabel}</label>
          <input id={id} name={name} type="text" required maxLength={maxLength} />
          <button type="submit" className="button small primary">
            {submitLabel}
          </button>
        </Form>
      </div>
    </details>
  );
}

export interface PresetChoice {
  presetId: number;
  name: string;
}

/** 'Create Team': name, preset (default preset 1) and start date; the team gets the preset's journeys and posts from that date. */
export function CreateTeamForm({
  label = 'Create Team',
  organisationName,
  organisationId,
  action,
  presets,
  defaultPresetId,
  today,
}: {
  label?: string;
  organisationName: string;
  organisationId: number;
  action?: string;
  presets: PresetChoice[];
  defaultPresetId: number;
  today: string;
}) {
  const id = useId();
  // The posts' times are read in the admin's time zone (as when applying a preset); without JS, Europe/London.
  const [zone, setZone] = useState('Europe/London');
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browser) setZone(browser);
  }, []);
  return (
    <details className="admin-disclosure">
      <summary className="button small">{label}</summary>
      <div className="admin-disclosure-body">
        <Form method="post" action={action} aria-label={`Create Team in ${organisationName}`}>
          <HiddenFields fields={{ intent: 'createTeam', organisationId }} />
          <input type="hidden" name="timeZone" value={zone} />
          <label htmlFor={`${id}-name`}>Team name for {organisationName}</label>
          <input id={`${id}-name`} name="teamName" type="text" required maxLength={250} />
          <label htmlFor={`${id}-preset`}>Preset</label>
          <select id={`${id}-preset`} name="presetId" required defaultValue={String(defaultPresetId)}>
            {presets.map((p) => (
              <option key={p.presetId} value={p.presetId}>
                {p.name}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-start`}>Start date</label>
          <input id={`${id}-start`} name="startDate" type="date" required defaultValue={today} />
          <button type="submit" className="button small primary">
            Create Team
          </button>
        </Form>
      </div>
    </details>
  );
}

/** Quick join: the admin joins as a member and the app opens in a new window. */
export function QuickJoinForm({ action, fields, label = 'Quick join', accessibleName }: { action: string; fields: Hidden; label?: string; accessibleName?: string }) {
  return (
    <form method="post" action={action} target="_blank" className="inline-form">
      <HiddenFields fields={fields} />
      <button type="submit" className="button small" aria-label={accessibleName}>
        {label} <span className="visually-hidden">(opens in a new window)</span>
      </button>
    </form>
  );
}

/** A flash message after a redirect (?saved=...), announced politely. */
export function Flash({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return <Toast tone="success">{message}</Toast>;
}

/** A failed action's message (createTeam, quick join) at the top of the page. */
export function ActionError({ errorMsg }: { errorMsg: string | null | undefined }) {
  if (!errorMsg) return null;
  return <Toast tone="danger">{errorMsg}</Toast>;
}

/** Remix's Link in the shape DataTable takes (client-side navigation for sorting and paging). */
export function TableLink(props: { to: string; children: ReactNode; 'aria-current'?: 'page'; 'aria-label'?: string; rel?: string }) {
  return <Link {...props} />;
}

/** The user and organisation lists' licence filters and sorts: links (state in the URL), so they work without JavaScript. */
export function LicenceAndSortChips({
  idPrefix,
  path,
  state,
  license,
  sorts,
}: {
  idPrefix: string;
  path: string;
  state: ListState;
  license: string;
  sorts: { label: string; sort: string; dir: 'asc' | 'desc' }[];
}) {
  const chips = (id: string, title: string, items: { label: string; to: string; current: boolean }[]) => (
    <div className="admin-chip-group">
      <p className="admin-chip-label" id={id} aria-hidden="true">
        {title}
      </p>
      <Tabs label={title} pills items={items} />
    </div>
  );
  return (
    <div className="admin-chip-groups">
      {chips(
        `${idPrefix}-filters`,
        'Licence',
        LICENSE_FILTER_LABELS.map((f) => ({ label: f.label, to: listHref(path, state, { filters: { license: f.value || undefined } }), current: license === f.value })),
      )}
      {chips(
        `${idPrefix}-sorts`,
        'Sort',
        sorts.map((s) => ({ label: s.label, to: listHref(path, state, { sort: s.sort, dir: s.dir }), current: state.sort === s.sort && state.dir === s.dir })),
      )}
    </div>
  );
}
