import { Form } from '@remix-run/react';
import type { SsoSettingsView } from '@modules/identity/constants';
import { Card, Toast } from '~/components/ui';

export interface SsoSectionProps {
  /** The form action (the organisation editor). */
  action: string;
  settings: Omit<SsoSettingsView, 'organisationId'> | null;
  teams: { teamId: number; name: string; isDisabled: boolean }[];
  licenceLabel: string;
  callbackUrl: string;
  samlMetadataUrl: string;
  error: string | null;
}

/**
 * The organisation editor's "Sign-in" section (issue 26 s.1, decision 290): the organisation's own
 * identity provider. Plain forms (work without JavaScript); the client secret is never sent back,
 * only whether one is set.
 */
export function SsoSection({ action, settings: s, teams, licenceLabel, callbackUrl, samlMetadataUrl, error }: SsoSectionProps) {
  const protocol = s?.protocol ?? 'oidc';
  return (
    <Card title="Sign-in" titleId="sso-title" className="admin-section">
      <p>
        People of this organisation can sign in with their company account (Microsoft Entra ID, Okta, Google Workspace or any OpenID Connect or SAML 2.0
        identity provider). {s ? 'Single sign-on is on.' : 'Single sign-on is off: everyone signs in with a password.'}
      </p>
      <ul className="sso-urls">
        <li>
          OpenID Connect redirect URI: <code>{callbackUrl}</code>
        </li>
        <li>
          SAML entity ID, reply (ACS) URL and metadata: <code>{samlMetadataUrl}</code>
        </li>
      </ul>
      {error ? <Toast tone="danger">{error}</Toast> : null}
      <Form method="post" action={action} className="admin-subform">
        <input type="hidden" name="ssoIntent" value="save" />
        <fieldset className="admin-fieldset">
          <legend>Protocol</legend>
          <label>
            <input type="radio" name="protocol" value="oidc" defaultChecked={protocol === 'oidc'} /> OpenID Connect
          </label>
          <label>
            <input type="radio" name="protocol" value="saml" defaultChecked={protocol === 'saml'} /> SAML 2.0
          </label>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>OpenID Connect</legend>
          <div className="field">
            <label htmlFor="sso-issuer">Issuer URL</label>
            <input id="sso-issuer" name="issuer" type="url" maxLength={2000} defaultValue={s?.issuer ?? ''} placeholder="https://login.microsoftonline.com/{tenant}/v2.0" />
          </div>
          <div className="field">
            <label htmlFor="sso-client-id">Client ID</label>
            <input id="sso-client-id" name="clientId" maxLength={500} defaultValue={s?.clientId ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="sso-client-secret">Client secret</label>
            <p className="field-hint" id="sso-client-secret-hint">
              {s?.hasClientSecret ? 'Set. Leave empty to keep it; type a new one to replace it.' : 'Not set.'}
            </p>
            <input id="sso-client-secret" name="clientSecret" type="password" autoComplete="off" maxLength={2000} aria-describedby="sso-client-secret-hint" />
          </div>
        </fieldset>
        <fieldset className="admin-fieldset">
          <legend>SAML 2.0</legend>
          <div className="field">
            <label htmlFor="sso-metadata-url">Identity provider metadata URL</label>
            <input id="sso-metadata-url" name="metadataUrl" type="url" maxLength={2000} defaultValue={s?.metadataUrl ?? ''} />
          </div>
          <div className="field">
            <label htmlFor="sso-metadata-xml">Or its metadata XML</label>
            <textarea id="sso-metadata-xml" name="metadataXml" rows={4} maxLength={200000} defaultValue={s?.metadataXml ?? ''} />
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor="sso-domains">Email domains</label>
          <p className="field-hint" id="sso-domains-hint">
            Separated by commas, e.g. example.com, example.co.uk. People with these emails sign in here.
          </p>
          <input id="sso-domains" name="emailDomains" maxLength={2000} defaultValue={s?.emailDomains.join(', ') ?? ''} aria-describedby="sso-domains-hint" required />
        </div>
        <div className="field checkbox-field">
          <label>
            <input type="checkbox" name="ssoRequired" defaultChecked={s?.ssoRequired ?? false} /> SSO required (password sign-in refused for this organisation’s people)
          </label>
        </div>
        <div className="field">
          <label htmlFor="sso-default-team">Default team for new people</label>
          <p className="field-hint" id="sso-default-team-hint">
            New people join the organisation with its licence ({licenceLabel}) and this team.
          </p>
          <select id="sso-default-team" name="defaultTeamId" defaultValue={s?.defaultTeamId ?? ''} aria-describedby="sso-default-team-hint">
            <option value="">No team</option>
            {teams
              .filter((t) => !t.isDisabled)
              .map((t) => (
                <option key={t.teamId} value={t.teamId}>
                  {t.name}
                </option>
              ))}
          </select>
        </div>
        <button type="submit" className="button primary">
          Save sign-in settings
        </button>
      </Form>
      {s ? (
        <Form method="post" action={action} className="admin-form-row">
          <input type="hidden" name="ssoIntent" value="remove" />
          <button type="submit" className="button">
            Remove single sign-on
          </button>
        </Form>
      ) : null}
    </Card>
  );
}
