import { z } from 'zod';
import { DialogueStageType, Operator } from './schemas';
import { sanitizeArticleHtml } from './contents-html';

/**
 * The catalogue's content files (content/catalogue): one zod schema per file kind. Enumerations
 * are written by name ("SpeechNPC", "GreaterThanOrEqualTo") or by number; cross-references are
 * urlIds (and stage keys inside a game), resolved by the importer.
 */
export const CATALOGUE_URL_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const urlId = z
  .string({ error: 'Required' })
  .max(100, 'Too long (max 100 characters)')
  .regex(CATALOGUE_URL_ID, 'Use lowercase letters, digits and hyphens (looks-like-this)');
const name = z.string({ error: 'Required' }).trim().min(1, 'Required').max(250, 'Too long (max 250 characters)');
const text = z.string().max(200_000, 'Too long').default('');
/**
 * Catalogue HTML is rendered with dangerouslySetInnerHTML by the Explore screens: it is sanitised
 * here, when it is imported, with the same allow-list as articles (docs/decisions/080-security-review.md).
 */
const html = z
  .string({ error: 'Required' })
  .max(500_000, 'Too long')
  .transform((v) => sanitizeArticleHtml(v));
const ordinal = z.number().int().min(0).max(100_000).optional();
const colour = z.string().regex(/^#?[0-9A-Fa-f]{6}$/, 'Use a 6-digit hex colour such as C9771F');
const points = z.number({ error: 'Must be a whole number' }).int('Must be a whole number').min(-1000).max(1000);

function enumOf<T extends Record<string, number>>(values: T, label: string) {
  const names = Object.keys(values);
  const numbers = Object.values(values);
  return z.union([z.string(), z.number()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : values[v];
    if (n === undefined || !numbers.includes(n)) {
      ctx.addIssue({ code: 'custom', message: `Unknown ${label} "${v}" (use one of ${names.join(', ')})` });
      return z.NEVER;
    }
    return n;
  });
}
const stageType = enumOf(DialogueStageType, 'stage type');
const operator = enumOf(Operator, 'operator');

export const capabilitiesFile = z.array(
  z.strictObject({ urlId, name, overview: text, skillGroups: z.array(urlId).default([]) }),
);
export const skillGroupsFile = z.array(
  z.strictObject({ urlId, name, overview: text, primaryColour: colour, complementaryColour: colour }),
);
export const skillFile = z.strictObject({
  urlId,
  name,
  skillGroup: urlId,
  ordinal,
  overview: text,
  isLocked: z.boolean().default(false),
  content: text.transform((v) => sanitizeArticleHtml(v)),
});
export const videosFile = z.array(
  z.strictObject({
    urlId,
    name,
    videoUrl: z.string().min(1, 'Required').max(2000).refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'Use a /path or an http(s) URL'),
    /** Only for a video on another host: a local /media file's duration is read from the file at import. */
    durationSeconds: z.number().int().min(0).max(86_400).default(0),
    skills: z.array(urlId).default([]),
  }),
);
export const modulesFile = z.array(z.strictObject({ urlId, name, ordinal, stories: z.array(urlId).default([]) }));

const chapter = z.strictObject({
  urlId,
  ordinal: z.number().int().min(0).max(100_000),
  name,
  overview: text,
  htmlContent: html.default(''),
  video: urlId.nullish(),
  relatedVideos: z.array(urlId).default([]),
  relatedAssessments: z.array(urlId).default([]),
  /** Activity ids (content/catalogue/activities/*.json carry their own stable activityId). */
  relatedActivities: z.array(z.number().int().positive().max(2_147_483_647)).max(20).default([]),
});
export const storyFile = z.strictObject({
  urlId,
  name,
  overview: text,
  isLocked: z.boolean().default(false),
  isFeatured: z.boolean().default(false),
  relatedSkills: z.array(urlId).default([]),
  chapters: z.array(chapter).default([]),
});

const skillPoints = z.array(z.strictObject({ skill: urlId, value: points })).default([]);
const relatedSkills = z.array(z.strictObject({ skill: urlId, maxPoints: z.number().int().min(0).max(10_000) })).default([]);
const feedbackRule = z.strictObject({ skill: urlId, operator, value: points, htmlContent: html });
const activityRule = z.strictObject({ skill: urlId, operator, value: points, activityId: z.number().int().positive().nullish() });

const stage = z.strictObject({
  key: z.string({ error: 'Required' }).min(1, 'Required').max(100),
  type: stageType,
  speaker: z.string().max(250).nullish(),
  htmlContent: html.default(''),
  imageBackground: z.string().max(2000).nullish(),
  imageFocus: z.string().max(2000).nullish(),
  next: z.string().max(100).nullish(),
  choices: z.array(z.strictObject({ htmlContent: html, next: z.string().max(100).nullish(), skillPoints })).default([]),
});
export const gameFile = z.strictObject({
  urlId,
  name,
  overview: text,
  isChoiceShuffleOn: z.boolean().default(false),
  startStage: z.string({ error: 'Required' }).min(1, 'Required'),
  relatedSkills,
  stages: z.array(stage).min(1, 'A game needs at least one stage'),
  feedbacks: z.array(feedbackRule).default([]),
  activities: z.array(activityRule).default([]),
});

export const assessmentFile = z.strictObject({
  urlId,
  name,
  instruction: text,
  overview: text,
  citation: text,
  relatedSkills,
  questions: z
    .array(z.strictObject({ htmlContent: html, options: z.array(z.strictObject({ htmlContent: html, skillPoints })).min(1, 'A question needs options') }))
    .min(1, 'A survey needs at least one question'),
  feedbacks: z.array(feedbackRule).default([]),
  activities: z.array(activityRule).default([]),
});

export type CapabilitiesFile = z.output<typeof capabilitiesFile>;
export type SkillGroupsFile = z.output<typeof skillGroupsFile>;
export type SkillFile = z.output<typeof skillFile>;
export type VideosFile = z.output<typeof videosFile>;
export type ModulesFile = z.output<typeof modulesFile>;
export type StoryFile = z.output<typeof storyFile>;
export type GameFile = z.output<typeof gameFile>;
export type AssessmentFile = z.output<typeof assessmentFile>;
