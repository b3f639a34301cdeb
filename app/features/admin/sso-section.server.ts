import { data, redirect } from '@remix-run/node';
import { getOrganisationSso, removeOrganisationSso, saveOrganisationSso, saveOrganisationSsoBody } from '@modules/admin/index.server';
import type { CurrentUser } from '@modules/identity/index.server';
import { boundedInt, getDb, loadEnv } from '@modules/shared/index.server';
import { orRefusal } from '../../utils/domain-error.server';
import { withFlash } from './people.server';

/** The organisation editor's "Sign-in" section (decision 290): what it shows (never the secret) and its two forms. */
export async function loadSsoSection(organisationId: number) {
  const settings = await getOrganisationSso(getDb(), organisationId);
  const base = loadEnv().PUBLIC_URL;
  return { settings, callbackUrl: `${base}/auth/sso/callback`, samlMetadataUrl: `${base}/auth/sso/saml` };
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : null;
};

export async function runSsoIntent(form: FormData, admin: CurrentUser, organisationId: number) {
  const intent = form.get('ssoIntent');
  const path = `/admin/organisation-editor/${organisationId}`;
  const db = getDb();
  return orRefusal(async () => {
    if (intent === 'remove') {
      await removeOrganisationSso(db, admin.userId, organisationId);
      throw redirect(withFlash(path, 'ssoRemoved'), { status: 303 });
    }
    if (intent === 'save') {
      const team = text(form, 'defaultTeamId');
      const parsed = saveOrganisationSsoBody.safeParse({
        organisationId,
        protocol: text(form, 'protocol'),
        issuer: text(form, 'issuer'),
        clientId: text(form, 'clientId'),
        clientSecret: text(form, 'clientSecret'),
        metadataUrl: text(form, 'metadataUrl'),
        metadataXml: text(form, 'metadataXml'),
        emailDomains: (text(form, 'emailDomains') ?? '').split(/[\s,;]+/).filter(Boolean),
        ssoRequired: form.get('ssoRequired') === 'on',
        defaultTeamId: boundedInt(team) ?? null,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path[0] === 'protocol' ? 'Choose OpenID Connect or SAML 2.0.' : issue.message;
        return data({ ssoIntent: 'save', ssoError: field }, { status: 400 });
      }
      await saveOrganisationSso(db, admin.userId, parsed.data);
      throw redirect(withFlash(path, 'ssoSaved'), { status: 303 });
    }
    return data({ ssoIntent: 'unknown', ssoError: 'Something went wrong. Please try again.' }, { status: 400 });
  }, (error) => ({ ssoIntent: String(intent), ssoError: error.message }));
}
