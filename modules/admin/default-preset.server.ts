import { sql } from 'kysely';
import type { Db } from '@modules/shared/index.server';
import { ALWAYS_UNLOCKED, BREAK_JOURNEY_ID } from '@modules/journeys/index.server';
import { recordAudit } from './audit.server';
import { DEFAULT_PRESET_ID } from './presets.server';

/**
 * The default preset's content (decision 251). Preset 1, "Default 6-month programme", is created
 * by a migration, but its journeys are imported catalogue content, which migrations never see. So
 * it is filled at run time, from whatever journeys the catalogue holds: after a catalogue import,
 * after the demo seed, and at every web start-up. Six journeys (4 weeks each, unlocked a week
 * early) with a two-week break after the third, and five posts starting with a welcome post.
 *
 * Filled at most once per database: only when the preset has neither journeys nor posts and the
 * audit log holds no entry for it (an admin who edited or emptied it on purpose keeps their
 * version). The fill is audited (actor: the system) in the same transaction, which takes a row
 * lock on the preset, so two processes starting together fill it once.
 */
export const DEFAULT_PRESET_BREAK = 'Mid-programme break';
export const DEFAULT_PRESET_POSTS = [
  { scheduled_in: 0, time: '09:00:00', text: 'Welcome to your leadership programme! Over the next six months we will work through six journeys together. Start with the first one this week.' },
  { scheduled_in: 7, time: '09:00:00', text: 'One week in: share one thing you tried from your first journey with the team.' },
  { scheduled_in: 30, time: '09:00:00', text: 'A month in. Take ten minutes this week to look back at your notes and pick one habit to keep.' },
  { scheduled_in: 90, time: '09:00:00', text: 'Half way! Enjoy the break, and come back ready for the second half of the programme.' },
  { scheduled_in: 180, time: '09:00:00', text: 'Congratulations on finishing the programme. Thank you for learning together.' },
] as const;

/** Answers whether it filled the preset (false: already filled, edited by an admin, no journeys yet, or no preset 1). */
export async function fillDefaultPresetIfEmpty(db: Db): Promise<boolean> {
  const run = async (trx: Db) => {
    const preset = await trx.selectFrom('presets').select('id').where('id', '=', DEFAULT_PRESET_ID).forUpdate().executeTakeFirst();
    if (!preset) return false;
    const touched = await trx
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'preset')
      .where('entity_id', '=', String(DEFAULT_PRESET_ID))
      .limit(1)
      .executeTakeFirst();
    if (touched) return false;
    const has = await trx
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom('preset_journeys').select(sql`1`.as('one')).where('preset_id', '=', DEFAULT_PRESET_ID)).as('journeys'),
        eb.exists(eb.selectFrom('preset_posts').select(sql`1`.as('one')).where('preset_id', '=', DEFAULT_PRESET_ID)).as('posts'),
      ])
      .executeTakeFirstOrThrow();
    if (has.journeys || has.posts) return false;
    const journeys = await trx.selectFrom('journeys').select('id').where('id', '!=', BREAK_JOURNEY_ID).orderBy('ordinal').orderBy('id').limit(6).execute();
    if (!journeys.length) return false;
    const rows: { journey_id: number; length_days: number; nb_weeks_before_unlock: number; break_label: string | null }[] = journeys.map((j) => ({
      journey_id: j.id,
      length_days: 28,
      nb_weeks_before_unlock: 1,
      break_label: null,
    }));
    rows.splice(Math.min(3, rows.length), 0, { journey_id: BREAK_JOURNEY_ID, length_days: 14, nb_weeks_before_unlock: ALWAYS_UNLOCKED, break_label: DEFAULT_PRESET_BREAK });
    rows[rows.length - 1]!.length_days = 0;
    await trx
      .insertInto('preset_journeys')
      .values(rows.map((r, ordinal) => ({ ...r, preset_id: DEFAULT_PRESET_ID, ordinal })))
      .execute();
    await trx
      .insertInto('preset_posts')
      .values(DEFAULT_PRESET_POSTS.map((p) => ({ ...p, preset_id: DEFAULT_PRESET_ID, is_leda_official: true })))
      .execute();
    await recordAudit(trx, {
      actorId: null,
      action: 'preset.fillDefault',
      entity: 'preset',
      entityId: DEFAULT_PRESET_ID,
      before: null,
      after: { journeyIds: rows.map((r) => r.journey_id), posts: DEFAULT_PRESET_POSTS.length },
    });
    return true;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
