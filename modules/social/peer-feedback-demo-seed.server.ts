import type { Db } from '@modules/shared/index.server';
import { DAY } from '@modules/shared/clock';
import { feedbackSkills } from './peer-feedback.server';

/**
 * Demo seed step (modules/admin/demo-seed.server.ts): the demo learner has asked three colleagues
 * (one recently, so the list shows 'Wait …'), and four people have answered, so Feedback results
 * show the first batch of three with skills, comments and recommendations, and one answer waits for
 * the next batch (decision 240). Written straight to the tables: no email is sent.
 */
export async function seedDemoFeedback(db: Db, userId: number, now = Date.now()): Promise<void> {
  const skills = await feedbackSkills(db);
  if (skills.length < 6) return;
  const [selfAware, selfControl, growth, motivating, communication, empathy] = skills.map((s) => s.skillId) as [number, number, number, number, number, number];
  await db
    .insertInto('user_contacts')
    .values([
      { user_id: userId, email: 'priya.manager@example.com', last_feedback_request_at: new Date(now - 3 * DAY) },
      { user_id: userId, email: 'tom.peer@example.com', last_feedback_request_at: new Date(now - 20 * DAY) },
      { user_id: userId, email: 'jo.report@example.com', last_feedback_request_at: new Date(now - 30 * DAY) },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  const answers: { good: [number, number]; bad: [number, number]; comment: string | null; daysAgo: number }[] = [
    { good: [empathy, communication], bad: [selfControl, motivating], comment: 'You always make time to listen when someone is struggling.', daysAgo: 18 },
    { good: [empathy, growth], bad: [selfControl, communication], comment: null, daysAgo: 17 },
    { good: [communication, selfAware], bad: [motivating, selfControl], comment: 'In busy weeks it would help to hear the why behind a change, not only the what.', daysAgo: 12 },
    { good: [empathy, selfAware], bad: [motivating, growth], comment: 'Stays calm with customers; could share the credit with the team more openly.', daysAgo: 9 },
  ];
  for (const a of answers) {
    const { id } = await db
      .insertInto('feedback_responses')
      .values({ user_id: userId, comment: a.comment, created_at: new Date(now - a.daysAgo * DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('feedback_response_skills')
      .values([...a.good.map((skill_id) => ({ response_id: id, skill_id, rating: 1 })), ...a.bad.map((skill_id) => ({ response_id: id, skill_id, rating: -1 }))])
      .execute();
  }
}
