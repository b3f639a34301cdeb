import { z } from 'zod';
import { idSchema } from '@modules/shared/index.server';
import { DURATION_UNITS, toStoredTime, type DurationUnit } from '@modules/journeys/constants';

/**
 * Admin forms read by actions only. They live in a .server file so that zod stays out of the
 * browser: a route module's top-level `import { z } from 'zod'` kept the whole of zod (92 KB gzipped)
 * in that screen's JavaScript even though only its action used it (issue 16: no page over 150 KB).
 */
/** /admin/user-list: grant or revoke org admin. */
export const orgAdminForm = z.object({ intent: z.literal('orgAdmin'), userId: idSchema, value: z.enum(['true', 'false']), returnTo: z.string().max(2000).optional() });

/** /admin/team-presets: create a preset, or duplicate one. */
export const presetListIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), name: z.string().optional(), description: z.string().optional() }),
  z.object({ intent: z.literal('duplicate'), presetId: idSchema }),
]);

/** The preset editor's POSTS form. */
export const presetPostForm = z.object({
  presetPostId: idSchema.optional(),
  text: z.string().max(10_000, { error: 'The post is too long.' }).default(''),
  amount: z.coerce.number({ error: 'Enter when to post' }).int({ error: 'Enter when to post' }).min(0, { error: 'Enter when to post' }).max(3650, { error: 'Enter when to post' }),
  unit: z.enum(Object.keys(DURATION_UNITS) as [DurationUnit, ...DurationUnit[]]).default('days'),
  time: z.string({ error: 'Enter a time as HH:MM' }).refine((v) => toStoredTime(v) !== null, { error: 'Enter a time as HH:MM' }),
  isLedaOfficial: z.literal('on').optional(),
});
