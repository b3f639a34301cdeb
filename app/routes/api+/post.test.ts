import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@modules/shared/index.server';
import { args, jsonRequest, run } from '../../../tests/support/remix';
import { ACTIONS, MATRIX_ROLES, SCOPES, expected, matrixScene, type Action, type MatrixScene, type Scope } from '../../../tests/support/post-matrix';
import * as savePost from './post+/savePost';
import * as deletePost from './post+/deletePost';
import * as setPostPinned from './post+/setPostPinned';
import * as setPostLiked from './post+/setPostLiked';
import * as commentPost from './post+/commentPost';
import * as deletePostComment from './post+/deletePostComment';

/** The post permission matrix through /api: every action x role x scope, allowed (200) or refused (403/404) and nothing changed. */
type Route = { action: (a: never) => Promise<unknown> };
const call = (route: Route, path: string, body: unknown, token: string) => run<{ postId: number }>(() => route.action(args(jsonRequest(path, body, { token })) as never));

let scene: MatrixScene;
beforeAll(async () => {
  scene = await matrixScene();
});

async function attempt(action: Action, scope: Scope, token: string) {
  const { postId, postCommentId } = await scene.makePost(scope);
  const audience = scope === 'team' ? { audienceType: 3, teamId: scene.t1.teamId } : scope === 'organisation' ? { audienceType: 2, organisationId: scene.orgA } : { audienceType: 1 };
  switch (action) {
    case 'create': {
      const r = await call(savePost, '/api/post/savePost', { post: { text: 'New', ...audience } }, token);
      return { status: r.status, changed: r.status === 200 && (await getDb().selectFrom('posts').select('id').where('id', '=', r.data.postId).executeTakeFirst()) !== undefined };
    }
    case 'edit': {
      const r = await call(savePost, '/api/post/savePost', { post: { postId, text: 'Edited' } }, token);
      const row = await getDb().selectFrom('posts').select('text').where('id', '=', postId).executeTakeFirstOrThrow();
      return { status: r.status, changed: row.text === 'Edited' };
    }
    case 'pin': {
      const r = await call(setPostPinned, '/api/post/setPostPinned', { postId, isPinned: true }, token);
      const row = await getDb().selectFrom('posts').select('pinned_at').where('id', '=', postId).executeTakeFirstOrThrow();
      return { status: r.status, changed: row.pinned_at !== null };
    }
    case 'delete': {
      const r = await call(deletePost, '/api/post/deletePost', { postId }, token);
      return { status: r.status, changed: (await getDb().selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst()) === undefined };
    }
    case 'like': {
      const r = await call(setPostLiked, '/api/post/setPostLiked', { postId, isLiked: true }, token);
      const n = await getDb().selectFrom('post_likes').select('id').where('post_id', '=', postId).execute();
      return { status: r.status, changed: n.length === 1 };
    }
    case 'comment': {
      const r = await call(commentPost, '/api/post/commentPost', { postId, commentText: 'Mine' }, token);
      const n = await getDb().selectFrom('post_comments').select('id').where('post_id', '=', postId).execute();
      return { status: r.status, changed: n.length === 2 };
    }
    case 'deleteComment': {
      const r = await call(deletePostComment, '/api/post/deletePostComment', { postCommentId }, token);
      return { status: r.status, changed: (await getDb().selectFrom('post_comments').select('id').where('id', '=', postCommentId).where('deleted_at', 'is', null).executeTakeFirst()) === undefined };
    }
  }
}

describe('post permissions through /api', () => {
  for (const action of ACTIONS) {
    for (const scope of SCOPES) {
      it(`${action} on a ${scope} post`, async () => {
        const seen: string[] = [];
        const want: string[] = [];
        for (const role of MATRIX_ROLES) {
          const { status, changed } = await attempt(action, scope, scene.users[role].token);
          const allowed = status === 200 && changed;
          const refused = (status === 403 || status === 404) && !changed;
          seen.push(`${role}: ${allowed ? 'allow' : refused ? 'deny' : `?${status}/${changed}`}`);
          want.push(`${role}: ${expected(action, scope, role) ? 'allow' : 'deny'}`);
        }
        expect(seen).toEqual(want);
      });
    }
  }
});
