import { z } from 'zod';
import type { Db } from '@modules/shared/index.server';
import { onEvent } from '@modules/shared/events.server';
import { getSsoSettings, removeSsoSettings, saveSsoSettings } from '@modules/identity/index.server';
import { recordAudit } from './audit.server';

/**
 * The organisation editor's "Sign-in" section and POST /api/admin/saveOrganisationSso (issue 26 s.1,
 * decision 290): identity keeps the settings (and encrypts the secret); this use case owns the
 * transaction and its audit record. Sign-ins through an identity provider are audited from identity's
 * 'sso.signedIn' fact, with the actor "SSO".
 */
const maxId = z.number().int().min(1).max(2_147_483_647);
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));
const httpUrl = (what: string) =>
  optionalText(2000).refine((v) => v === null || /^https?:\/\/[^\s/]+/.test(v), { message: `${what} must be an http(s) URL` });
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const saveOrganisationSsoBody = z
  .object({
    organisationId: maxId,
    protocol: z.enum(['oidc', 'saml']),
    issuer: httpUrl('issuer'),
    clientId: optionalText(500),
    /** Empty or absent: the stored secret is kept. Never returned. */
    clientSecret: optionalText(2000),
    metadataUrl: httpUrl('metadataUrl'),
    metadataXml: optionalText(200_000),
    emailDomains: z
      .array(z.string().trim().toLowerCase().regex(DOMAIN, { message: 'Enter email domains such as example.com' }))
      .min(1, { message: 'Enter at least one email domain' })
      .max(50),
    ssoRequired: z.boolean().default(false),
    defaultTeamId: maxId.nullish().transform((v) => v ?? null),
  })
  .strict();
export type SaveOrganisationSsoBody = z.output<typeof saveOrganisationSsoBody>;

/** Saves the settings and their audit record in one transaction; the answer never holds the secret. */
export async function saveOrganisationSso(db: Db, actorId: number, input: SaveOrganisationSsoBody) {
  return db.transaction().execute(async (trx) => {
    const { before, after } = await saveSsoSettings(trx, input);
    await recordAudit(trx, { actorId, action: before ? 'organisation.sso.save' : 'organisation.sso.create', entity: 'organisation', entityId: input.organisationId, before, after });
    return after!;
  });
}

export async function removeOrganisationSso(db: Db, actorId: number, organisationId: number) {
  await db.transaction().execute(async (trx) => {
    const { before } = await removeSsoSettings(trx, organisationId);
    if (before) await recordAudit(trx, { actorId, action: 'organisation.sso.remove', entity: 'organisation', entityId: organisationId, before });
  });
}

export const getOrganisationSso = getSsoSettings;

/** Start-up wiring (modules/listeners.server.ts): each sign-in through an identity provider is one audit row. */
export function registerListeners() {
  onEvent('sso.signedIn', 'admin', async (db, fact) => {
    if (fact.created) {
      await recordAudit(db, { actorId: null, actorLabel: 'SSO', action: 'user.create', entity: 'user', entityId: fact.userId, after: { organisationId: fact.organisationId, protocol: fact.protocol } });
    }
    await recordAudit(db, {
      actorId: null,
      actorLabel: 'SSO',
      action: 'user.ssoSignIn',
      entity: 'user',
      entityId: fact.userId,
      after: { organisationId: fact.organisationId, protocol: fact.protocol, created: fact.created, linked: fact.linked },
    });
  });
}
