import { z } from 'zod';
import type { ActionFunctionArgs } from '@remix-run/node';
import { DomainError, getDb } from '@modules/shared/index.server';
import { addTeamUser, createUser, findTeamByName, sendVerifyAccountEmail } from '@modules/identity/index.server';
import { createUserAndSendWelcome } from '@modules/admin/index.server';
import { apiRoute } from '~/utils/api.server';
import { testHookNotFound, testHooksEnabled } from '~/utils/test-hooks.server';

/**
 * Browser tests only: POST /__test/welcome-user with a JSON body creates a member of the demo
 * organisation's Leadership Team (the e2e tests cannot reach the server's database) and, by purpose:
 *  - 'welcome' (default): no password; enqueues the welcome-email batch (password-create link);
 *  - 'verify': sends the verify-account email (optionally with a password);
 *  - 'none': only the account, with the given password (e.g. for the login rate limit).
 * The email is then read through /__test/last-email. Like that hook, it exists only when APP_ENV is
 * development AND E2E_TEST_HOOKS=1, and is a plain 404 otherwise (docs/decisions/090-e2e-auth-links.md).
 */
const ORGANISATION_NAME = 'Demo Organisation';
const TEAM_NAME = 'Leadership Team';

const schema = z
  .object({
    email: z.email().max(200),
    firstName: z.string().trim().min(1).max(100).default('Wren'),
    lastName: z.string().trim().min(1).max(100).default('Welcome'),
    purpose: z.enum(['welcome', 'verify', 'none']).default('welcome'),
    password: z.string().min(8).max(64).optional(),
  })
  .refine((v) => v.purpose !== 'welcome' || v.password === undefined, {
    error: 'A welcomed user has no password yet: they create it from the email.',
    path: ['password'],
  })
  .refine((v) => v.purpose !== 'none' || v.password !== undefined, {
    error: 'A user without an email needs a password.',
    path: ['password'],
  });

const hook = apiRoute({
  access: 'public',
  schema,
  handler: async ({ body }) => {
    const db = getDb();
    const team = await findTeamByName(db, { organisationName: ORGANISATION_NAME, teamName: TEAM_NAME });
    if (!team) throw new DomainError('not_found', `${ORGANISATION_NAME} / ${TEAM_NAME} is not seeded.`);
    const person = { email: body.email, firstName: body.firstName, lastName: body.lastName };
    if (body.purpose === 'welcome') {
      const { userId } = await createUserAndSendWelcome(db, { ...person, organisationId: team.organisationId, teamIds: [team.teamId] });
      return { userId, email: body.email.toLowerCase() };
    }
    const userId = await createUser(db, { ...person, password: body.password, organisationId: team.organisationId });
    await addTeamUser(db, { teamId: team.teamId, userId });
    if (body.purpose === 'verify') await sendVerifyAccountEmail(db, userId);
    return { userId, email: body.email.toLowerCase() };
  },
});

export async function loader() {
  throw testHookNotFound();
}

export async function action(args: ActionFunctionArgs) {
  if (!testHooksEnabled()) throw testHookNotFound();
  return hook.action(args);
}
