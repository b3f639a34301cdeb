import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { findTeamForEditor } from '@modules/admin/index.server';
import { idParam } from '~/utils/route-params.server';

/** The team editor's team from the URL; anything that is not a team's id is a 404 (the admin layout's panel). */
export async function teamFromParams(params: LoaderFunctionArgs['params']) {
  const team = await findTeamForEditor(getDb(), idParam(params, 'teamId'));
  if (!team) throw data(null, { status: 404 });
  return team;
}

/** The editor's own paths: a returnTo outside them falls back to the members tab. */
export function editorPath(teamId: number, returnTo: FormDataEntryValue | string | null | undefined) {
  const base = `/admin/team-editor/${teamId}`;
  const back = String(returnTo ?? '').split('?')[0]!;
  return back === base || (back.startsWith(`${base}/`) && /^[a-z/]*$/.test(back.slice(base.length))) ? back : base;
}
