import type { PrivacyRegistry } from '@modules/shared/privacy';

/** Personal data in the activities module's tables (issue 27 s.1; the shape: modules/shared/privacy.ts). */
export const activitiesPrivacy: PrivacyRegistry = [
  {
    table: 'my_activities',
    columns: { user_id: 'the learner' },
    what: 'Your My Activities and when you completed them',
    purpose: "to run the activities you chose and your team's insights",
    export: 'activities.json',
    erasure: 'keep-without-identity',
  },
  {
    table: 'my_activity_task_fields',
    columns: { value: 'your answer to a task field (free text you wrote, a choice, a date, an uploaded file)' },
    what: 'Your answers to the tasks of your activities',
    purpose: 'to keep your work on an activity',
    export: 'activities.json (uploaded files under files/)',
    erasure: 'keep-without-identity',
    erasureNote: 'uploaded answer files are deleted',
  },
];
