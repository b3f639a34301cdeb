import { data, redirect } from '@remix-run/node';
import { createScimToken, getScimSettings, listScimTokens, revokeScimToken, saveScimSettings, scimAdminGroupName } from '@modules/admin/index.server';
import type { CurrentUser } from '@modules/identity/index.server';
import { getDb, idSchema } from '@modules/shared/index.server';
import { orRefusal } from '../../utils/domain-error.server';
import { withFlash } from './people.server';

/** The organisation editor's SCIM section: what it shows, and its three forms (create, revoke, settings). */
export async function loadScimSection(request: Request, organisationId: number) {
  const db = getDb();
  const [tokens, settings] = await Promise.all([listScimTokens(db, organisationId), getScimSettings(db, organisationId)]);
  return { scimUrl: `${new URL(request.url).origin}/scim/v2`, tokens, adminGroupName: settings.adminGroupName };
}

export async function runScimIntent(form: FormData, admin: CurrentUser, organisationId: number) {
  const intent = form.get('scimIntent');
  const path = `/admin/organisation-editor/${organisationId}`;
  const db = getDb();
  return orRefusal(async () => {
    if (intent === 'create') {
      // Answered in the action's data, not a redirect: the token is on this one page and nowhere else.
      const { token } = await createScimToken(db, admin.userId, { organisationId });
      return data({ scimIntent: 'create', scimToken: token }, { headers: { 'Cache-Control': 'no-store' } });
    }
    if (intent === 'revoke') {
      const tokenId = idSchema.safeParse(form.get('tokenId'));
      if (!tokenId.success) return data({ scimIntent: 'revoke', scimError: 'This SCIM token does not exist.' }, { status: 404 });
      await revokeScimToken(db, admin.userId, { organisationId, tokenId: tokenId.data });
      throw redirect(withFlash(path, 'scimRevoked'), { status: 303 });
    }
    if (intent === 'settings') {
      const name = scimAdminGroupName.safeParse(String(form.get('adminGroupName') ?? ''));
      if (!name.success) return data({ scimIntent: 'settings', scimError: name.error.issues[0]!.message }, { status: 400 });
      await saveScimSettings(db, admin.userId, { organisationId, adminGroupName: name.data || null });
      throw redirect(withFlash(path, 'scimSettings'), { status: 303 });
    }
    return data({ scimIntent: 'unknown', scimError: 'Something went wrong. Please try again.' }, { status: 400 });
  }, (error) => ({ scimIntent: String(intent), scimError: error.message }));
}
