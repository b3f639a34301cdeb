import { z } from 'zod';
import { FieldType, isFieldType } from './field-types';
import { MAX_ID } from '@modules/shared/validation';

/**
 * zod schemas of the activities module that routes and the browser may use: the /api bodies
 * (learner-app s.7) and the activity content file (content/catalogue/activities/*.json).
 */

const ID_MESSAGE = 'Must be an id (a whole number from 1 to 2147483647)';
/** A JSON id, bounded to an int4 (errors read 'activityId: This field is required' through the /api helper). */
const id = (_label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'This field is required' : 'Expected a number') })
    .int(ID_MESSAGE)
    .min(1, ID_MESSAGE)
    .max(MAX_ID, ID_MESSAGE);

export const activityIdBody = z.object({ activityId: id('activityId') });
export const myActivityIdBody = z.object({ myActivityId: id('myActivityId') });
export const addMyActivityBody = z.object({ activityId: id('activityId'), journeyStepId: id('journeyStepId').nullish() });
export const completeTaskBody = z.object({ myActivityId: id('myActivityId'), myActivityTaskId: id('myActivityTaskId') });

/** One field's answer on the wire: a value (text, 'true'/'false' for a checkbox) and/or its options' isSelected. */
const apiFieldAnswer = z.object({
  myActivityTaskFieldId: id('myActivityTaskFieldId'),
  value: z.union([z.string().max(200_000, 'value is too long'), z.boolean(), z.null()]).optional(),
  myActivityTaskFieldOptions: z
    .array(z.object({ myActivityTaskFieldOptionId: id('myActivityTaskFieldOptionId'), isSelected: z.boolean({ error: 'Expected true or false' }) }))
    .max(100, 'Too many options')
    .optional(),
});
export const saveTaskFieldsBody = z.object({
  myActivityId: id('myActivityId'),
  myActivityTaskId: id('myActivityTaskId'),
  myActivityTaskFields: z.array(apiFieldAnswer).max(100, 'Too many fields'),
});
export type ApiFieldAnswer = z.infer<typeof apiFieldAnswer>;

/** Activity feedback on a completed activity (FeedbackType ActivityStars 8, ActivityMessage 9). */
export const activityFeedbackForm = z.object({
  rating: z.coerce.number({ error: 'Choose 1 to 5 stars' }).int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars').optional(),
  message: z.string().trim().max(10_000, 'Message is too long (max 10,000 characters)').optional(),
});

// ---- The activity content file --------------------------------------------------------------

const skillUrlId = z.string().max(100).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use a skill urlId (looks-like-this)');
const fieldTypeName = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : FieldType[v as keyof typeof FieldType];
  if (n === undefined || !isFieldType(n)) {
    ctx.addIssue({ code: 'custom', message: `Unknown field type "${v}" (use one of ${Object.keys(FieldType).join(', ')})` });
    return z.NEVER;
  }
  return n;
});
const bound = z.string().max(50).nullish();
const activityFileField = z.strictObject({
  type: fieldTypeName,
  label: z.string().max(250).default(''),
  placeholder: z.string().max(250).default(''),
  htmlHelp: z.string().max(10_000).default(''),
  min: bound,
  max: bound,
  options: z.array(z.string().min(1).max(250)).max(50).default([]),
});
export const activityFile = z.strictObject({
  activityId: z.number().int().positive().max(100_000),
  name: z.string().trim().min(1, 'Required').max(250, 'Max 250 characters'),
  overview: z.string().max(10_000).default(''),
  isGlobal: z.boolean().default(true),
  isFeatured: z.boolean().default(false),
  skills: z.array(skillUrlId).default([]),
  tasks: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1, 'Required').max(250),
        htmlContent: z.string().max(100_000).default(''),
        fields: z.array(activityFileField).max(30).default([]),
      }),
    )
    .min(1, 'An activity needs at least one task')
    .max(30),
});
export type ActivityFile = z.output<typeof activityFile>;
