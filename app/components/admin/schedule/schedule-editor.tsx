import { Form } from '@remix-run/react';
import { Link } from '~/components/link';
import { useEffect, useState, type MouseEvent } from 'react';
import { Badge, EmptyState, Toast } from '~/components/ui';
import {
  UNLOCK_CHOICES,
  addBreak,
  addJourney,
  move,
  remove,
  setBreakLabel,
  setDate,
  setLength,
  setUnlockWeeks,
  unlockLabel,
  unlockedDayOf,
  type ScheduleItem,
} from '@modules/journeys/constants';

/**
 * The team schedule editor (admin-console s.4). One form: without JavaScript every button posts
 * the draft (hidden fields) and the server re-renders the recomputed schedule; with JavaScript the
 * same buttons and inputs re-chain the schedule live with the same pure rules, and only Save posts.
 */
export interface PickableJourney {
  journeyId: number;
  name: string;
  label: string;
}

const fmt = (day: string | null) => {
  if (!day) return '—';
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
};

export function ScheduleEditor({
  items: initial,
  journeys,
  today,
  error,
  message,
}: {
  items: ScheduleItem[];
  journeys: PickableJourney[];
  today: string;
  error?: string | null;
  message?: string | null;
}) {
  const [items, setItems] = useState(initial);
  const [localError, setLocalError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setItems(initial);
    setLocalError(null);
  }, [initial]);

  /** With JavaScript a button edits the draft here instead of posting it. */
  const local = (fn: () => ScheduleItem[]) => (e: MouseEvent) => {
    e.preventDefault();
    try {
      setItems(fn());
      setLocalError(null);
    } catch (err) {
      setLocalError(err instanceof Error ? err.message : 'That change is not possible.');
    }
  };
  const inSchedule = new Set(items.filter((i) => !i.isBreak).map((i) => i.journeyId));
  const choices = journeys.filter((j) => !inSchedule.has(j.journeyId));
  const shownError = localError ?? error;

  return (
    <Form method="post" className="ui-card schedule-editor" aria-labelledby="schedule-heading">
      <div className="ui-card-head schedule-toolbar">
        <h2 id="schedule-heading" className="ui-card-title">
          Journeys
        </h2>
        {hydrated ? null : (
          <button type="submit" name="intent" value="recalc" className="button secondary">
            Update dates
          </button>
        )}
      </div>
      {message ? <Toast tone="success">{message}</Toast> : null}
      {shownError ? <Toast tone="danger">{shownError}</Toast> : null}
      <input type="hidden" name="count" value={items.length} />
      {items.length === 0 ? (
        <EmptyState title="This team has no journeys yet. Add one below, or apply a preset." />
      ) : (
        <div className="table-scroll">
          <table className="schedule-table card-table">
            <caption>Team schedule: each entry starts when the previous one ends (its date plus its length).</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Journey</th>
                <th scope="col">Scheduled</th>
                <th scope="col">Length (days)</th>
                <th scope="col">Unlock</th>
                <th scope="col">Unlocks on</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, n) => {
                const p = `i${n}.`;
                const label = item.isBreak ? `Break ${item.breakLabel ?? ''}`.trim() : item.name;
                return (
                  <tr key={item.key} className={item.isBreak ? 'schedule-break' : undefined}>
                    <td data-label="#">
                      {n + 1}
                      <input type="hidden" name={`${p}key`} value={item.key} />
                      <input type="hidden" name={`${p}teamJourneyId`} value={item.teamJourneyId ?? ''} />
                      <input type="hidden" name={`${p}journeyId`} value={item.journeyId} />
                      <input type="hidden" name={`${p}name`} value={item.name} />
                      <input type="hidden" name={`${p}isBreak`} value={String(item.isBreak)} />
                      <input type="hidden" name={`${p}prevLength`} value={item.length} />
                      <input type="hidden" name={`${p}prevScheduledAt`} value={item.scheduledAt ?? ''} />
                      <input type="hidden" name={`${p}prevBreakLabel`} value={item.breakLabel ?? ''} />
                    </td>
                    <td data-label="Journey">
                      {item.isBreak ? (
                        <label className="inline-label">
                          <span className="visually-hidden">Break label, entry {n + 1}</span>
                          <input
                            name={`${p}breakLabel`}
                            value={item.breakLabel ?? ''}
                            maxLength={120}
                            onChange={(e) => setItems(setBreakLabel(items, n, e.target.value, today))}
                          />
                        </label>
                      ) : (
                        item.name
                      )}
                    </td>
                    <td data-label="Scheduled">
                      <label>
                        <span className="visually-hidden">Scheduled date of {label}</span>
                        <input
                          type="date"
                          name={`${p}scheduledAt`}
                          value={item.scheduledAt ?? ''}
                          onChange={(e) => e.target.value && setItems(setDate(items, n, e.target.value, today))}
                        />
                      </label>
                    </td>
                    <td data-label="Length (days)">
                      {n === items.length - 1 ? (
                        <>
                          <input type="hidden" name={`${p}length`} value={0} />0
                        </>
                      ) : (
                        <label>
                          <span className="visually-hidden">Length in days of {label}</span>
                          <input
                            type="number"
                            min={0}
                            max={3650}
                            step={1}
                            inputMode="numeric"
                            name={`${p}length`}
                            value={item.length}
                            className="narrow-input"
                            onChange={(e) => setItems(setLength(items, n, Number(e.target.value || 0), today))}
                          />
                        </label>
                      )}
                    </td>
                    <td data-label="Unlock">
                      {item.isBreak ? (
                        <Badge tone="warning">Break</Badge>
                      ) : (
                        <label>
                          <span className="visually-hidden">Unlock of {label}</span>
                          <select name={`${p}unlockWeeks`} value={item.unlockWeeks} onChange={(e) => setItems(setUnlockWeeks(items, n, Number(e.target.value), today))}>
                            {UNLOCK_CHOICES.map((w) => (
                              <option key={w} value={w}>
                                {unlockLabel(w)}
                              </option>
                            ))}
                          </select>
                        </label>
                      )}
                    </td>
                    <td data-label="Unlocks on">{item.isBreak ? '—' : item.unlockWeeks === 1000 ? 'Always' : fmt(unlockedDayOf(item))}</td>
                    <td className="row-actions">
                      <button type="submit" name="intent" value={`up:${n}`} className="button small secondary" disabled={n === 0} aria-label={`Move ${label} up`} onClick={local(() => move(items, n, -1, today))}>
                        Up
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value={`down:${n}`}
                        className="button small secondary"
                        disabled={n === items.length - 1}
                        aria-label={`Move ${label} down`}
                        onClick={local(() => move(items, n, 1, today))}
                      >
                        Down
                      </button>
                      <button type="submit" name="intent" value={`remove:${n}`} className="button small danger" aria-label={`Remove ${label}`} onClick={local(() => remove(items, n, today))}>
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="schedule-add">
        <label>
          Journey to add
          <select name="addJourneyId" defaultValue="">
            <option value="">Choose a journey</option>
            {choices.map((j) => (
              <option key={j.journeyId} value={j.journeyId}>
                {j.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          name="intent"
          value="add"
          className="button secondary"
          onClick={(e) => {
            const select = e.currentTarget.form?.elements.namedItem('addJourneyId') as HTMLSelectElement | null;
            const journey = journeys.find((j) => String(j.journeyId) === select?.value);
            if (!journey) return local(() => {
              throw new Error('Choose a journey to add.');
            })(e);
            local(() => addJourney(items, journey, today))(e);
            if (select) select.value = '';
          }}
        >
          Add journey
        </button>
        <label>
          Break label
          <input name="breakName" maxLength={120} placeholder="e.g. Summer break" />
        </label>
        <button
          type="submit"
          name="intent"
          value="addBreak"
          className="button secondary"
          onClick={(e) => {
            const input = e.currentTarget.form?.elements.namedItem('breakName') as HTMLInputElement | null;
            local(() => addBreak(items, input?.value ?? '', today))(e);
            if (input) input.value = '';
          }}
        >
          Add break
        </button>
      </div>
      <div className="form-actions">
        <button type="submit" name="intent" value="save" className="button">
          Save schedule
        </button>
        <Link to="." className="button secondary" reloadDocument>
          Discard changes
        </Link>
      </div>
    </Form>
  );
}
