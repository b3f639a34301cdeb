import { randomBytes } from 'node:crypto';
import { getDb } from '@modules/shared/index.server';
import {
  addTeamUser,
  createOrganisation,
  createTeam,
  createUser,
  hashPassword,
  startSession,
} from '@modules/identity/index.server';
import { LicenseType } from '@modules/identity/schemas';
import { DAY } from '@modules/shared/clock';

/** Small factories: each test makes its own data. */
export const TEST_PASSWORD = 'correct-horse-9';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

const uid = () => randomBytes(4).toString('hex');

export async function makeOrganisation(opts: { name?: string; licenseType?: number | null; licenseExpiredAt?: Date | null } = {}) {
  const organisationId = await createOrganisation(getDb(), {
    name: opts.name ?? `Org ${uid()}`,
    licenseType: opts.licenseType === undefined ? LicenseType.Full : opts.licenseType,
    licenseExpiredAt: opts.licenseExpiredAt ?? new Date(Date.now() + 365 * DAY),
  });
  return organisationId;
}

export async function makeTeam(opts: { organisationId?: number; name?: string; isDisabled?: boolean } = {}) {
  const organisationId = opts.organisationId ?? (await makeOrganisation());
  const teamId = await createTeam(getDb(), { organisationId, name: opts.name ?? `Team ${uid()}`, isDisabled: opts.isDisabled });
  return { teamId, organisationId };
}

export interface MadeUser {
  userId: number;
  email: string;
  password: string;
  organisationId: number | null;
}

export async function makeUser(
  opts: {
    email?: string;
    firstName?: string;
    lastName?: string;
    organisationId?: number | null;
    isLedaAdmin?: boolean;
    isOrganisationAdmin?: boolean;
    isLocked?: boolean;
    withPassword?: boolean;
    teams?: { teamId: number; isTeamAdmin?: boolean }[];
  } = {},
): Promise<MadeUser> {
  const email = opts.email ?? `user-${uid()}@example.test`;
  const organisationId = opts.organisationId === undefined ? await makeOrganisation() : opts.organisationId;
  const userId = await createUser(getDb(), {
    email,
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? `User ${uid()}`,
    passwordHash: opts.withPassword === false ? undefined : await passwordHash(),
    organisationId,
    isLedaAdmin: opts.isLedaAdmin,
    isOrganisationAdmin: opts.isOrganisationAdmin,
    isLocked: opts.isLocked,
  });
  for (const t of opts.teams ?? []) await addTeamUser(getDb(), { teamId: t.teamId, userId, isTeamAdmin: t.isTeamAdmin });
  return { userId, email, password: TEST_PASSWORD, organisationId };
}

/** A signed-in session for the user: the cookie header and the x-access-token value. */
export async function signIn(userId: number) {
  const { sessionId, setCookie } = await startSession(userId);
  return { cookie: setCookie.split(';')[0]!, token: sessionId };
}
