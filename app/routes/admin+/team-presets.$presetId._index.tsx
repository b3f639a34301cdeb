import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { getDb, idSchema, isDomainError, logger } from '@modules/shared/index.server';
import { addBreakToPreset, createPresetJourney, getPresetById, removePresetJourney, updatePresetJourneys } from '@modules/admin/index.server';
import { UNLOCK_CHOICES, listPickableJourneys, unlockLabel } from '@modules/journeys/index.server';
import { idParam, orNotFound } from '~/utils/route-params.server';
import { readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import { ResultToast } from '~/components/admin/result-toast';
import { Card, EmptyState } from '~/components/ui';

export const PRESET_JOURNEYS_SAVED = 'Preset journeys saved';
export const PRESET_JOURNEYS_ERROR = 'Error while saving this preset. Please reload the page and try again.';
export const PRESET_JOURNEY_DELETE_ERROR = 'Error while deleting this preset journey';

/** Preset editor, JOURNEYS tab: length, weeks before unlock, breaks, order; add and remove (JS on and off). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const presetId = idParam(params, 'presetId');
  const preset = await orNotFound(() => getPresetById(getDb(), presetId));
  const journeys = await listPickableJourneys(getDb());
  return { presetId, journeys: preset.journeys, pickable: journeys, unlockChoices: UNLOCK_CHOICES.map((w) => ({ value: w, label: unlockLabel(w) })) };
}

const whole = (v: FormDataEntryValue | null) => (typeof v === 'string' && /^\d{1,4}$/.test(v.trim()) ? Number(v) : NaN);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const presetId = idParam(params, 'presetId');
  const form = await readFormData(request);
  const intent = String(form.get('intent') ?? '');
  const fail = (message: string, status = 400) => data({ ok: false, message }, { status });
  try {
    if (intent === 'add' || intent === 'addBreak') {
      if (intent === 'addBreak') await addBreakToPreset(getDb(), admin.userId, { presetId, breakLabel: String(form.get('breakName') ?? '').slice(0, 120) });
      else {
        const journeyId = idSchema.safeParse(form.get('addJourneyId'));
        if (!journeyId.success) return fail('Choose a journey to add.');
        await createPresetJourney(getDb(), admin.userId, { presetId, journeyId: journeyId.data });
      }
      return { ok: true, message: PRESET_JOURNEYS_SAVED };
    }
    if (intent.startsWith('remove:')) {
      const presetJourneyId = idSchema.safeParse(intent.slice(7));
      if (!presetJourneyId.success) return fail(PRESET_JOURNEY_DELETE_ERROR);
      const current = await getPresetById(getDb(), presetId);
      if (!current.journeys.some((j) => j.presetJourneyId === presetJourneyId.data)) return fail(PRESET_JOURNEY_DELETE_ERROR, 404);
      await removePresetJourney(getDb(), admin.userId, presetJourneyId.data);
      return { ok: true, message: PRESET_JOURNEYS_SAVED };
    }
    // Save (and move up/down, which saves the new order with the typed values).
    const count = Math.min(200, Math.max(0, whole(form.get('count')) || 0));
    const rows: { presetJourneyId: number; length: number; nbWeeksBeforeUnlock?: number; breakLabel?: string; order: number }[] = [];
    for (let n = 0; n < count; n++) {
      const pj = idSchema.safeParse(form.get(`j${n}.presetJourneyId`));
      const length = whole(form.get(`j${n}.length`));
      if (!pj.success) continue;
      if (!Number.isFinite(length)) return fail('Length must be a number of days, 0 or more.');
      const weeks = whole(form.get(`j${n}.weeks`));
      const label = form.get(`j${n}.breakLabel`);
      rows.push({
        presetJourneyId: pj.data,
        length,
        ...(Number.isFinite(weeks) && (weeks <= 4 || weeks === 1000) ? { nbWeeksBeforeUnlock: weeks } : {}),
        ...(typeof label === 'string' ? { breakLabel: label.slice(0, 120) } : {}),
        order: n,
      });
    }
    const m = /^(up|down):(\d{1,3})$/.exec(intent);
    if (m) {
      const n = Number(m[2]);
      const other = m[1] === 'up' ? n - 1 : n + 1;
      if (rows[n] && rows[other]) [rows[n].order, rows[other].order] = [rows[other].order, rows[n].order];
    } else if (intent !== 'save') return fail(PRESET_JOURNEYS_ERROR);
    await updatePresetJourneys(getDb(), admin.userId, { presetId, journeys: rows });
    return { ok: true, message: PRESET_JOURNEYS_SAVED };
  } catch (err) {
    logger().warn({ err, presetId }, 'preset journeys change failed');
    const adding = intent === 'add' || intent === 'addBreak' || intent.startsWith('remove:');
    if (adding && isDomainError(err) && err.code === 'conflict') return fail(err.message);
    return fail(adding ? PRESET_JOURNEY_DELETE_ERROR : PRESET_JOURNEYS_ERROR);
  }
}

export default function PresetJourneys() {
  const { journeys, pickable, unlockChoices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const inPreset = new Set(journeys.filter((j) => !j.isBreak).map((j) => j.journeyId));
  return (
    <Card title="Journeys" titleId="preset-journeys">
      <ResultToast result={result} />
      <Form method="post" key={journeys.map((j) => `${j.presetJourneyId}:${j.length}:${j.nbWeeksBeforeUnlock}:${j.breakLabel}`).join(',')}>
        <input type="hidden" name="count" value={journeys.length} />
        {journeys.length ? (
          <div className="table-scroll">
            <table className="schedule-table card-table">
              <caption>Preset journeys, in order: each starts when the previous one ends.</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Journey</th>
                  <th scope="col">Length (days)</th>
                  <th scope="col">Weeks before unlock</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {journeys.map((j, n) => {
                  const label = j.isBreak ? `Break ${j.breakLabel ?? ''}` : j.name;
                  return (
                    <tr key={j.presetJourneyId} className={j.isBreak ? 'schedule-break' : undefined}>
                      <td data-label="#">
                        {n + 1}
                        <input type="hidden" name={`j${n}.presetJourneyId`} value={j.presetJourneyId} />
                      </td>
                      <td data-label="Journey">
                        {j.isBreak ? (
                          <label>
                            <span className="visually-hidden">Break label, entry {n + 1}</span>
                            <input name={`j${n}.breakLabel`} defaultValue={j.breakLabel ?? ''} maxLength={120} />
                          </label>
                        ) : (
                          j.name
                        )}
                      </td>
                      <td data-label="Length (days)">
                        <label>
                          <span className="visually-hidden">Length in days of {label}</span>
                          <input type="number" min={0} max={3650} step={1} required name={`j${n}.length`} defaultValue={j.length} className="narrow-input" />
                        </label>
                      </td>
                      <td data-label="Weeks before unlock">
                        {j.isBreak ? (
                          <span className="muted">Break</span>
                        ) : (
                          <label>
                            <span className="visually-hidden">Weeks before unlock of {label}</span>
                            <select name={`j${n}.weeks`} defaultValue={j.nbWeeksBeforeUnlock}>
                              {unlockChoices.map((c) => (
                                <option key={c.value} value={c.value}>
                                  {c.label}
                                </option>
                              ))}
                            </select>
                          </label>
                        )}
                      </td>
                      <td className="row-actions">
                        <button type="submit" name="intent" value={`up:${n}`} className="button small secondary" disabled={n === 0} aria-label={`Move ${label} up`}>
                          Up
                        </button>
                        <button type="submit" name="intent" value={`down:${n}`} className="button small secondary" disabled={n === journeys.length - 1} aria-label={`Move ${label} down`}>
                          Down
                        </button>
                        <button type="submit" name="intent" value={`remove:${j.presetJourneyId}`} className="button small danger" aria-label={`Remove ${label}`}>
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : (
          <EmptyState title="No records to display.">Add a journey or a break below.</EmptyState>
        )}
        {journeys.length ? (
          <div className="form-actions">
            <button type="submit" name="intent" value="save" className="button">
              Save journeys
            </button>
          </div>
        ) : null}
      </Form>
      <Form method="post" className="schedule-add">
        <label>
          Journey to add
          <select name="addJourneyId" defaultValue="">
            <option value="">Choose a journey</option>
            {pickable
              .filter((p) => !inPreset.has(p.journeyId))
              .map((p) => (
                <option key={p.journeyId} value={p.journeyId}>
                  {p.label}
                </option>
              ))}
          </select>
        </label>
        <button type="submit" name="intent" value="add" className="button secondary">
          Add journey
        </button>
        <label>
          Break label
          <input name="breakName" maxLength={120} placeholder="e.g. Summer break" />
        </label>
        <button type="submit" name="intent" value="addBreak" className="button secondary">
          Add break
        </button>
      </Form>
    </Card>
  );
}
