import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { boundedInt, getDb } from '@modules/shared/index.server';
import { attempt, refusal } from '~/utils/domain-error.server';
import { updateTeamGeneral } from '@modules/admin/index.server';
import { listStoryChoices } from '@modules/catalogue/index.server';
import { teamFromParams } from '~/features/admin/team-params.server';
import { readFormData } from '~/utils/form.server';
import { requireProductAdmin } from '~/utils/session.server';
import { When } from '~/components/when';
import { Card } from '~/components/ui';
import { ResultToast } from '~/components/admin/result-toast';

export const meta: MetaFunction = () => [{ title: 'Team Settings | General | Leda Admin' }];

/**
 * SETTINGS General: the team's enable/disable toggle, saved at once (a fetcher with JS, a form post
 * without), and the story the team features on its home (admin-console s.3 Team.featuredStoryId).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  return {
    team: { teamId: team.teamId, name: team.name, isDisabled: team.isDisabled, createdAt: team.createdAt, featuredStoryId: team.featuredStoryId },
    stories: await listStoryChoices(getDb()),
  };
}

const FEATURED_STORY_SAVED = 'Featured story saved.';

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireProductAdmin(request, context);
  const team = await teamFromParams(params);
  const form = await readFormData(request);
  if (form.get('intent') === 'featuredStory') {
    const raw = String(form.get('featuredStoryId') ?? '');
    const featuredStoryId = raw === '' ? null : boundedInt(raw);
    if (featuredStoryId === undefined) return data({ intent: 'featuredStory', ok: false, message: 'Choose a story' }, { status: 400 });
    const saved = await attempt(() => updateTeamGeneral(getDb(), admin.userId, { teamId: team.teamId, featuredStoryId }));
    if (!saved.ok) return refusal(saved.error, { intent: 'featuredStory', ok: false, message: saved.error.message });
    return { intent: 'featuredStory', ok: true, message: FEATURED_STORY_SAVED };
  }
  const value = form.get('isDisabled');
  if (value !== 'true' && value !== 'false') return data({ ok: false, message: 'An error occurred. Your changes may not be saved.' }, { status: 400 });
  try {
    const saved = await updateTeamGeneral(getDb(), admin.userId, { teamId: team.teamId, isDisabled: value === 'true' });
    return { ok: true, message: saved.isDisabled ? 'Team disabled.' : 'Team enabled.' };
  } catch {
    return data({ ok: false, message: 'error while saving team' }, { status: 500 });
  }
}

export default function TeamSettingsGeneral() {
  const { team, stories } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const actionData = useActionData<typeof action>();
  const storyResult = actionData && 'intent' in actionData ? actionData : null;
  const result = fetcher.data ?? (storyResult ? null : actionData);
  // On screen at once: the value being sent, until the server's answer arrives.
  const pending = fetcher.formData?.get('isDisabled');
  const isDisabled = pending === 'true' ? true : pending === 'false' ? false : team.isDisabled;
  return (
    <Card title="General" titleId="team-general-title" className="te-card">
      <p>
        Created on <When value={team.createdAt} format="date" />.
        Edit the team&apos;s name and description in the form above.
      </p>
      <fetcher.Form method="post" className="te-switch">
        <input type="hidden" name="isDisabled" value={isDisabled ? 'false' : 'true'} />
        {/* The state as text, the button as the action it does (decision 255's toggle rule). */}
        <span aria-live="polite">{isDisabled ? 'This team is disabled.' : 'This team is enabled.'}</span>{' '}
        <button type="submit" className={isDisabled ? 'button small' : 'button small danger'}>
          {isDisabled ? 'Enable team' : 'Disable team'}
        </button>
      </fetcher.Form>
      {result ? (
        <ResultToast result={result} />
      ) : null}
      <form method="post" className="te-row">
        <input type="hidden" name="intent" value="featuredStory" />
        <label htmlFor="featured-story">Featured story (shown on the team home)</label>
        <select id="featured-story" name="featuredStoryId" defaultValue={team.featuredStoryId === null ? '' : String(team.featuredStoryId)}>
          <option value="">No featured story</option>
          {stories.map((s) => (
            <option key={s.storyId} value={s.storyId}>
              {s.moduleName}: {s.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button small">
          Save featured story
        </button>
      </form>
      {storyResult ? (
        <ResultToast result={storyResult} />
      ) : null}
    </Card>
  );
}
