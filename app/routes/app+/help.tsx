import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { Card } from '~/components/ui';
import { loadEnv } from '@modules/shared/index.server';
import { policy } from '@modules/identity/index.server';
import { isFeatureOn } from '~/utils/features';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';

export const meta = appMeta('Help');

/** The Help accordions, in the spec's order (learner-app 4: Feedback only while its feature is on). */
const TOPICS: { title: string; body: string[]; feature?: 'feedback' }[] = [
  {
    title: 'Admins',
    body: [
      'Team admins schedule the journeys their team follows, write posts for the team and see how the team is doing. Organisation admins manage the teams, members and licences of their organisation and can open Insights for each team.',
      'If you need a new team, a change of admin or more licences, ask your organisation admin, or Contact us below.',
    ],
  },
  {
    title: 'Assessments',
    body: [
      'Assessments are short self-assessment surveys. Answer each question honestly; at the end you see where you stand on the skills it measures and which activities would help.',
      'Find them under Explore, Assessments, or inside a journey step. You can take an assessment again later to see how you have moved on.',
    ],
  },
  {
    title: 'Badges',
    body: ['You earn a badge for each journey you complete. Your badges are shown on your profile, where your teammates can see them, and you can download each one.'],
  },
  {
    title: 'Bug reporting',
    body: [
      'Something not working? Use Contact us below and tell us what you did, what you expected and what happened instead. The page address, your browser and a screenshot help us fix it quickly.',
    ],
  },
  {
    title: 'Course Plan',
    body: [
      "Your course plan is your team's schedule of journeys: which journey runs when, and any breaks. Open your team's Journeys page to see what is current, what is coming next and what you have finished.",
    ],
  },
  {
    title: 'Creating posts for team',
    body: [
      'Team admins write posts on the team home page: text, photos, documents and links. A post can be published now or scheduled for later, and pinned to stay at the top of the feed.',
      'Everyone in the team can like and comment on posts.',
    ],
  },
  {
    title: 'Explore',
    body: ['Explore holds every skill, story, game and assessment in Leda. Open any of them, whether or not it is part of your current journey, and add activities to My Activities as you go.'],
  },
  {
    title: 'Games',
    body: ['Games are short dialogues at work: choose what you would say and see how the other person reacts. There is no single right answer; each choice shows which skills it uses. Play a game again to try another path.'],
  },
  {
    title: 'Feedback',
    body: [
      'Ask colleagues for anonymous feedback: send them a link from the Feedback page and they choose two skills you do well and two to work on. Results appear once enough people have answered, so no single answer can be singled out.',
    ],
    feature: 'feedback',
  },
  {
    title: 'Journeys',
    body: [
      'A journey is a programme of steps on one skill group. Each step mixes videos, readings, surveys, games and activities; a step is finished when you complete its activities.',
      'Start a journey from your team page or the journey list, and continue where you left off at any time.',
    ],
  },
  {
    title: 'Journey Summary',
    body: ['When you complete a journey you can download its summary: the steps you took and the activities you completed, to keep or to share with your manager.'],
  },
  {
    title: 'Leadership questions',
    body: ['Some steps end with a leadership question: a situation to reflect on. Write down what you would do; your answers stay in My Activities for you to come back to.'],
  },
  {
    title: 'Rewards',
    body: ['Finishing steps, activities and journeys earns you badges and moves your progress on. Keep a steady pace with your team to get the most from each journey.'],
  },
  {
    title: 'Notification settings',
    body: [
      'Under Settings, Notifications you choose the reminder emails Leda sends: an activities reminder on the days and at the time you pick (Mondays at 7am by default), a journey reminder when you have paused a journey, and Leda updates at most once a month. Times are in your time zone, which you can change there.',
      'Every reminder email has a one-click unsubscribe link, and Reset all settings puts everything back to the defaults.',
    ],
  },
  {
    title: 'Profile',
    body: ['Your profile shows your photo, name, job title, bio and badges to people in your teams and organisation. Change your details, photo or password under Settings, Profile.'],
  },
  {
    title: 'Stories',
    body: ['Stories are short videos told in chapters, with captions. Watch a chapter to the end to mark it watched; related videos, assessments and activities sit beside each chapter.'],
  },
  {
    title: 'Suggestions and feedback',
    body: ['Tell us what would make Leda better: use the thumbs and stars on skills, activities and journeys, or Contact us below. We read every message.'],
  },
  {
    title: 'Teams',
    body: ["Your teams are listed in the navigation. Each team has a home page with the team's current journey, posts and members; team admins also see the team's posts and schedule."],
  },
];

/** /app/help: help accordions, a Contact us mail link, and for product admins an Admin button. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return {
    topics: TOPICS.filter((t) => !t.feature || isFeatureOn(t.feature)).map(({ title, body }) => ({ title, body })),
    supportEmail: loadEnv().SUPPORT_EMAIL,
    showAdmin: policy.canUseAdmin(user),
  };
}

export default function Help() {
  const { topics, supportEmail, showAdmin } = useLoaderData<typeof loader>();
  return (
    <section className="page help-page">
      <h1>Help</h1>
      <p>Answers to common questions about Leda. Open a topic to read more; if you cannot find what you need, contact us.</p>
      <Card className="help-card">
        <div className="help-topics">
          {topics.map((t) => (
            <details key={t.title} className="help-topic">
              <summary>{t.title}</summary>
              {t.body.map((p) => (
                <p key={p.slice(0, 40)}>{p}</p>
              ))}
            </details>
          ))}
        </div>
      </Card>
      <Card tone="brand" className="help-card help-contact">
        <div className="help-actions">
          <a className="button primary" href={`mailto:${supportEmail}?subject=${encodeURIComponent('Leda help')}`}>
            Contact us
          </a>
          {showAdmin ? (
            <Link className="button" to="/admin" reloadDocument>
              Admin
            </Link>
          ) : null}
        </div>
      </Card>
    </section>
  );
}
