import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Outlet, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { getDb, logger } from '@modules/shared/index.server';
import { getPresetById, presetSchemas, updatePreset } from '@modules/admin/index.server';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { idParam, orNotFound } from '~/utils/route-params.server';
import { readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import scheduleStyles from '~/components/admin/schedule/schedule.css';
import { ResultToast } from '~/components/admin/result-toast';
import { AdminPageHead } from '~/components/admin/page-head';
import { Card, Tabs } from '~/components/ui';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: scheduleStyles }];
export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.preset.name ?? 'Preset'} | Preset editor | Leda Admin` }];
export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const d = match.data as { preset?: { presetId: number; name: string } } | undefined;
    return d?.preset ? { label: d.preset.name, to: `/admin/team-presets/${d.preset.presetId}` } : null;
  },
};

export const PRESET_SAVED = 'Preset saved.';
export const PRESET_SAVE_BUG = 'Bug while saving preset';

/** /admin/team-presets/{presetId}: the preset settings form above the JOURNEYS and POSTS tabs. Product admins only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const presetId = idParam(params, 'presetId');
  const preset = await orNotFound(() => getPresetById(getDb(), presetId));
  return { preset: { presetId: preset.presetId, name: preset.name, description: preset.description } };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const presetId = idParam(params, 'presetId');
  const form = await readFormData(request);
  const parsed = presetSchemas.update.safeParse({ preset: { presetId, name: String(form.get('name') ?? ''), description: String(form.get('description') ?? '') } });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const i of parsed.error.issues) errors[String(i.path[1])] ??= i.message;
    return data({ ok: false, errors, message: null as string | null }, { status: 400 });
  }
  try {
    await orNotFound(() => updatePreset(getDb(), admin.userId, parsed.data.preset));
    return { ok: true, errors: {} as Record<string, string>, message: PRESET_SAVED as string | null };
  } catch (err) {
    if (err instanceof Response || (typeof err === 'object' && err && 'type' in err)) throw err;
    logger().warn({ err, presetId }, 'preset save failed');
    return data({ ok: false, errors: {} as Record<string, string>, message: PRESET_SAVE_BUG as string | null }, { status: 500 });
  }
}

export default function PresetEditor() {
  const { preset } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  const base = `/admin/team-presets/${preset.presetId}`;
  const path = useLocation().pathname.replace(/\/+$/, '');
  return (
    <section className="presets-page">
      <AdminPageHead title={`Preset: ${preset.name}`} />
      <Card title="Preset settings" titleId="preset-settings" className="admin-form-card">
      <Form method="post" aria-labelledby="preset-settings" key={preset.name + preset.description}>
        <ResultToast result={result} />
        <div className="field">
          <label htmlFor="preset-name">Name</label>
          <input id="preset-name" name="name" defaultValue={preset.name} required maxLength={250} aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'preset-name-error' : undefined} autoFocus={!!errors.name} />
          {errors.name ? (
            <p id="preset-name-error" className="field-errors" role="alert">
              {errors.name}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="preset-description">Description (optional)</label>
          <textarea
            id="preset-description"
            name="description"
            rows={3}
            defaultValue={preset.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'preset-description-error' : undefined}
            autoFocus={!!errors.description && !errors.name}
          />
          {errors.description ? (
            <p id="preset-description-error" className="field-errors" role="alert">
              {errors.description}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          Save preset
        </button>
      </Form>
      </Card>
      <Tabs
        label="Preset editor"
        items={[
          { to: base, label: 'JOURNEYS', current: path === base },
          { to: `${base}/posts`, label: 'POSTS', current: path.startsWith(`${base}/posts`) },
        ]}
      />
      <Outlet />
    </section>
  );
}
