import { z } from 'zod';
import { idSchema } from '@modules/shared/validation';

/** Request bodies of the journeys /api paths and screen actions (shared with the browser). */
export const journeyIdBody = z.object({ journeyId: idSchema });

/** The journey pages' actions (one form per button; JS on and off). */
export const journeyStepAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('start') }),
  z.object({ intent: z.literal('addActivity'), activityId: idSchema, journeyStepId: idSchema }),
  z.object({ intent: z.literal('completeVideo'), videoId: idSchema }),
  z.object({ intent: z.literal('completeContent'), contentId: idSchema }),
  z.object({ intent: z.literal('stars'), rating: z.coerce.number().int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars') }),
  z.object({ intent: z.literal('message'), message: z.string().trim().min(1, 'Write a message first').max(2000, 'At most 2000 characters') }),
]);

const TIMELINE_FILTERS = ['all', 'inprogress', 'completed'] as const;
export const timelineFilter = z.enum(TIMELINE_FILTERS).catch('all');

/** The team journeys page's calendar link buttons. */
export const calendarAction = z.object({ intent: z.enum(['createCalendar', 'revokeCalendar']) });
