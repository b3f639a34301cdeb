import { beforeAll, describe, expect, it } from 'vitest';
import { loader as exploreLoader } from './_index';
import { loader as skillsLoader } from './skill._index';
import { loader as storiesLoader } from './story._index';
import { loader as gamesLoader } from './games';
import { loader as assessmentsLoader } from './assessments';
import { args, getRequest, run } from '../../../../tests/support/remix';
import { makeUser, signIn } from '../../../../tests/support/factories';

/**
 * An empty catalogue (nothing imported): every list is empty, so the pages show the spec's messages
 * ('No skill content to display.', 'No stories to display.', 'No games to display.', 'No surveys to display.').
 */
let cookie = '';
beforeAll(async () => {
  ({ cookie } = await signIn((await makeUser()).userId));
});

describe('explore with an empty catalogue', () => {
  it('answers every list page with empty lists, never an error', async () => {
    const explore = await run(() => exploreLoader(args(getRequest('/app/explore', { cookie }))));
    expect(explore.data).toEqual({ skills: [], stories: [] });
    expect((await run(() => skillsLoader(args(getRequest('/app/explore/skill', { cookie }))))).data).toEqual({ capabilities: [] });
    expect((await run(() => storiesLoader(args(getRequest('/app/explore/story', { cookie }))))).data).toEqual({ modules: [], featured: null, paging: null });
    expect((await run(() => gamesLoader(args(getRequest('/app/explore/games', { cookie }))))).data).toEqual({ games: [] });
    expect((await run(() => assessmentsLoader(args(getRequest('/app/explore/assessments', { cookie }))))).data).toEqual({ assessments: [] });
  });
});
