import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { createTeamInOrganisation, peopleSchemas, quickJoinOrganisation, quickJoinTeam } from '@modules/admin/index.server';
import { getDb, isDomainError } from '@modules/shared/index.server';
import { zodMessage } from '~/utils/api.server';
import { readFormData } from '~/utils/form.server';

/**
 * The people screens' small POSTs, shared by the organisation and team list and the organisation
 * editor: 'Create Team' (then the team editor), Quick join an organisation or a team (then the app,
 * in the new window the form opened). A failure answers 400/404 with { errorMsg } for the page.
 */
const intents = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('createTeam'), organisationId: peopleSchemas.organisationIdParam, teamName: peopleSchemas.createTeamFormSchema.shape.teamName }),
  z.object({ intent: z.literal('quickJoinOrganisation'), organisationId: peopleSchemas.organisationIdParam, teamId: peopleSchemas.organisationIdParam.optional() }),
  z.object({ intent: z.literal('quickJoinTeam'), teamId: peopleSchemas.organisationIdParam }),
]);

export async function runPeopleIntent(request: Request, actorId: number) {
  const fields = Object.fromEntries(await readFormData(request));
  const parsed = intents.safeParse(fields);
  if (!parsed.success) return data({ errorMsg: zodMessage(parsed.error).replace(/^teamName: /, '') }, { status: 400 });
  const db = getDb();
  try {
    const body = parsed.data;
    switch (body.intent) {
      case 'createTeam': {
        const teamId = await createTeamInOrganisation(db, actorId, { organisationId: body.organisationId, teamName: body.teamName });
        throw redirect(`/admin/team-editor/${teamId}`, { status: 303 });
      }
      case 'quickJoinOrganisation': {
        const joined = await quickJoinOrganisation(db, actorId, { organisationId: body.organisationId, teamId: body.teamId });
        throw redirect(`/app/team/${joined.teamId}`, { status: 303 });
      }
      case 'quickJoinTeam': {
        const joined = await quickJoinTeam(db, actorId, { teamId: body.teamId });
        throw redirect(`/app/team/${joined.teamId}`, { status: 303 });
      }
    }
  } catch (error) {
    if (isDomainError(error)) return data({ errorMsg: error.message }, { status: error.status });
    throw error;
  }
}
