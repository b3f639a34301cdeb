import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { getDb, logger } from '@modules/shared/index.server';
import { APPLY_WARNING, DEFAULT_PRESET_ID, applyPreset, applyPresetInput, getAllPresets, saveTeamJourneys } from '@modules/admin/index.server';
import { getTeamScheduleEditor, listPickableJourneys, toInput, todayDay, type ScheduleItem } from '@modules/journeys/index.server';
import { jobScheduler } from '@modules/social/index.server';
import { ScheduleEditor } from '~/components/admin/schedule/schedule-editor';
import { ApplyPresetForm, type ApplyConfirm } from '~/components/admin/schedule/apply-preset';
import { SCHEDULE_SAVED, SCHEDULE_SAVE_FAILED, applyIntent, readDraft, scheduleIntent } from '~/features/admin/schedule-form.server';
import { idParam, orNotFound } from '~/utils/route-params.server';
import { readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import scheduleStyles from '~/components/admin/schedule/schedule.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: scheduleStyles }];
export const meta: MetaFunction = () => [{ title: 'Team Settings | Journeys | Leda Admin' }];

/** SETTINGS Journeys: the team schedule editor and Apply a preset (admin-console s.4). Product admins only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const teamId = idParam(params, 'teamId');
  const { items } = await orNotFound(() => getTeamScheduleEditor(getDb(), teamId));
  const [journeys, presets] = await Promise.all([listPickableJourneys(getDb()), getAllPresets(getDb())]);
  return { teamId, items, journeys, presets: presets.map((p) => ({ presetId: p.presetId, name: p.name })), today: todayDay(), warning: APPLY_WARNING, defaultPresetId: DEFAULT_PRESET_ID };
}

type ActionData = {
  draft?: ScheduleItem[];
  error?: string;
  message?: string;
  confirm?: ApplyConfirm;
  applyErrors?: Record<string, string>;
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const teamId = idParam(params, 'teamId');
  await orNotFound(() => getTeamScheduleEditor(getDb(), teamId));
  const form = await readFormData(request);
  const intent = scheduleIntent.safeParse(form.get('intent'));
  if (!intent.success) return data<ActionData>({ error: 'The form could not be read. Please reload the page and try again.' }, { status: 400 });
  const today = todayDay();

  if (intent.data === 'apply-preset') {
    const parsed = applyPresetInput.safeParse({ teamId, presetId: form.get('presetId'), startDate: form.get('startDate') ?? '', timeZone: form.get('timeZone') || undefined });
    if (!parsed.success) {
      const applyErrors: Record<string, string> = {};
      for (const i of parsed.error.issues) applyErrors[String(i.path[0])] ??= i.path[0] === 'presetId' ? 'Choose a preset' : i.message;
      return data<ActionData>({ applyErrors }, { status: 400 });
    }
    const presets = await getAllPresets(getDb());
    const preset = presets.find((p) => p.presetId === parsed.data.presetId);
    if (!preset) return data<ActionData>({ applyErrors: { presetId: 'Choose a preset' } }, { status: 400 });
    if (form.get('confirmed') !== 'yes') {
      return { confirm: { presetId: preset.presetId, presetName: preset.name, startDate: parsed.data.startDate, timeZone: parsed.data.timeZone } } satisfies ActionData;
    }
    try {
      await applyPreset(getDb(), admin, parsed.data, jobScheduler);
      return { message: SCHEDULE_SAVED } satisfies ActionData;
    } catch (err) {
      logger().warn({ err, teamId }, 'apply preset failed');
      return data<ActionData>({ error: SCHEDULE_SAVE_FAILED }, { status: 400 });
    }
  }

  const journeys = await listPickableJourneys(getDb());
  const draft = readDraft(form, today);
  if (intent.data === 'save') {
    try {
      await saveTeamJourneys(getDb(), admin.userId, teamId, draft.map(toInput), today);
      return { message: SCHEDULE_SAVED } satisfies ActionData;
    } catch (err) {
      logger().warn({ err, teamId }, 'save schedule failed');
      return data<ActionData>({ draft, error: SCHEDULE_SAVE_FAILED }, { status: 400 });
    }
  }
  const next = applyIntent(draft, intent.data, form, today, journeys);
  return data<ActionData>({ draft: next.items, error: next.error }, { status: next.error ? 400 : 200 });
}

export default function TeamScheduleSettings() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const items = useMemo(() => result?.draft ?? loaded.items, [result?.draft, loaded.items]);
  return (
    <div className="team-schedule">
      <ScheduleEditor items={items} journeys={loaded.journeys} today={loaded.today} error={result?.draft || !result?.confirm ? result?.error : null} message={result?.confirm ? null : result?.message} />
      <ApplyPresetForm
        presets={loaded.presets}
        defaultPresetId={loaded.defaultPresetId}
        today={loaded.today}
        warning={loaded.warning}
        confirm={result?.confirm ?? null}
        errors={result?.applyErrors ?? null}
      />
    </div>
  );
}
