import { Form } from '@remix-run/react';
import { Card, EmptyState, Toast } from '~/components/ui';
import { shortDateTime } from './people';

export interface ScimSectionProps {
  /** The form action (the organisation editor). */
  action: string;
  /** e.g. https://leda.example/scim/v2 */
  scimUrl: string;
  tokens: { tokenId: number; createdAt: string | Date; lastUsedAt: string | Date | null; fingerprint: string }[];
  adminGroupName: string | null;
  /** A token made by this very request: shown once, never again. */
  newToken: string | null;
  error: string | null;
}

/**
 * The organisation editor's "Provisioning (SCIM)" section (decision 284): the base URL, the live
 * tokens (made and revoked here; a new one is shown once), and the admin group setting. Plain forms.
 */
export function ScimSection({ action, scimUrl, tokens, adminGroupName, newToken, error }: ScimSectionProps) {
  return (
    <Card title="Provisioning (SCIM)" titleId="scim-title" className="admin-section">
      <p>
        Microsoft Entra ID, Okta and other identity providers can create, update, deactivate and group this organisation’s people. Base URL:{' '}
        <code className="scim-url">{scimUrl}</code>
      </p>
      {error ? <Toast tone="danger">{error}</Toast> : null}
      {newToken ? (
        <Toast tone="success" title="New SCIM token (copy it now: it is shown only this once):">
          <label htmlFor="scim-new-token">Token</label> <input id="scim-new-token" readOnly value={newToken} className="scim-token" />
        </Toast>
      ) : null}
      <div className="table-scroll">
        <table aria-labelledby="scim-tokens-title" className="card-table">
          <caption id="scim-tokens-title">SCIM tokens</caption>
          <thead>
            <tr>
              <th scope="col">Token</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.length === 0 ? (
              <tr>
                <td colSpan={4}>
                  <EmptyState title="No SCIM token yet." />
                </td>
              </tr>
            ) : (
              tokens.map((t) => (
                <tr key={t.tokenId}>
                  <td data-label="Token">
                    <code>{t.fingerprint}…</code>
                  </td>
                  <td data-label="Created">{shortDateTime(t.createdAt)}</td>
                  <td data-label="Last used">{t.lastUsedAt ? shortDateTime(t.lastUsedAt) : 'Never'}</td>
                  <td className="row-actions">
                    <Form method="post" action={action}>
                      <input type="hidden" name="scimIntent" value="revoke" />
                      <input type="hidden" name="tokenId" value={t.tokenId} />
                      <button type="submit" className="button small" aria-label={`Revoke SCIM token ${t.fingerprint}`}>
                        Revoke
                      </button>
                    </Form>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Form method="post" action={action} className="admin-form-row">
        <input type="hidden" name="scimIntent" value="create" />
        <button type="submit" className="button">
          Create SCIM token
        </button>
      </Form>
      <Form method="post" action={action} className="admin-subform">
        <input type="hidden" name="scimIntent" value="settings" />
        <div className="field">
          <label htmlFor="scim-admin-group">SCIM admin group name</label>
          <input id="scim-admin-group" name="adminGroupName" defaultValue={adminGroupName ?? ''} maxLength={200} aria-describedby="scim-admin-group-hint" />
          <p id="scim-admin-group-hint" className="field-hint">
            Members of the group with this name are team admins of the other teams they are in. Empty: none.
          </p>
        </div>
        <button type="submit" className="button">
          Save SCIM settings
        </button>
      </Form>
    </Card>
  );
}
