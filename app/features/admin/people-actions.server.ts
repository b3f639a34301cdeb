import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { DEFAULT_PRESET_ID, DEFAULT_TIME_ZONE, createTeamWithPreset, getAllPresets, peopleSchemas, quickJoinOrganisation, quickJoinTeam } from '@modules/admin/index.server';
import type { PolicyUser } from '@modules/identity/index.server';
import { jobScheduler } from '@modules/social/index.server';
import { getDb, idSchema } from '@modules/shared/index.server';
import { todayDay } from '@modules/journeys/index.server';
import { zodMessage } from '~/utils/api.server';
import { readFormData } from '~/utils/form.server';
import { orRefusal } from '~/utils/domain-error.server';

/**
 * The people screens' small POSTs, shared by the organisation and team list and the organisation
 * editor: 'Create Team' with its preset and start date (then the team editor), Quick join an organisation or a team (then the app,
 * in the new window the form opened). A failure answers 400/404 with { errorMsg } for the page.
 */
const intents = z.discriminatedUnion('intent', [
  peopleSchemas.createTeamFormSchema.extend({ intent: z.literal('createTeam'), organisationId: idSchema, timeZone: z.string().max(64).optional() }),
  z.object({ intent: z.literal('quickJoinOrganisation'), organisationId: idSchema, teamId: idSchema.optional() }),
  z.object({ intent: z.literal('quickJoinTeam'), teamId: idSchema }),
]);

export async function runPeopleIntent(request: Request, admin: PolicyUser) {
  const actorId = admin.userId;
  const fields = Object.fromEntries(await readFormData(request));
  const parsed = intents.safeParse(fields);
  if (!parsed.success) return data({ errorMsg: zodMessage(parsed.error).replace(/^(teamName|presetId|startDate): /, '') }, { status: 400 });
  const db = getDb();
  return orRefusal(async () => {
    const body = parsed.data;
    switch (body.intent) {
      case 'createTeam': {
        const { teamId } = await createTeamWithPreset(
          db,
          admin,
          { organisationId: body.organisationId, teamName: body.teamName, presetId: body.presetId, startDate: body.startDate, timeZone: body.timeZone || DEFAULT_TIME_ZONE },
          jobScheduler,
        );
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
  }, (error) => ({ errorMsg: error.message }));
}

/** What the 'Create Team' form offers: the presets (preset 1 chosen) and today as the start date. */
export async function createTeamChoices() {
  const presets = await getAllPresets(getDb());
  return { presets: presets.map((p) => ({ presetId: p.presetId, name: p.name })), defaultPresetId: DEFAULT_PRESET_ID, today: todayDay() };
}
