import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { PageHero } from '~/components/marketing';
import { getOptionalUser } from '~/utils/session.server';

export const links = siteLinks;

export const meta: MetaFunction = () => [
  { title: 'Platform tour | Leda' },
  { name: 'description', content: 'A tour of the Leda platform: courses, journeys, activities, badges, team pages and progress insights.' },
];

/** /platform: public; the final Get button goes to pricing when signed in, else to contact. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  return { signedIn: Boolean(user) };
}

/** The nine feature rows (public-site spec 2.4; team progress and mentor support share the last row). */
const ROWS: { title: string; text: string; points: string[]; visual: { label: string; lines: string[]; tone: string } }[] = [
  {
    title: 'Join a course, or build your own',
    text: 'Choose a ready-made course or put together the journeys your team needs most. A course runs for 6 to 12 months, long enough for new habits to form.',
    points: ['Ready-made courses for new and experienced leaders', 'Pick journeys by skill group', 'Add people whenever they join'],
    visual: { label: 'Course', lines: ['Leading people · 8 journeys', 'Runs 6–12 months', '12 learners enrolled'], tone: 'blue' },
  },
  {
    title: 'A course plan everyone can see',
    text: 'Every journey has a start date, so the whole team learns in step. Each person sees what is next and how far they have come.',
    points: ['Start dates for each journey', 'Progress for every learner', 'Nothing to chase: the plan keeps pace'],
    visual: { label: 'Course plan', lines: ['✓ Emotional self-awareness', '● Active listening · starts Mon', '○ Giving feedback'], tone: 'amber' },
  },
  {
    title: 'Journey steps of about ten minutes',
    text: 'Short stories, readings, self-assessments and games fit between meetings. A journey takes one to two weeks.',
    points: ['Video stories of real workplace moments', 'Self-assessments and surveys', 'Choose-your-response games'],
    visual: { label: 'Journey', lines: ['Step 1 · Story · 8 min', 'Step 2 · Self-assessment · 6 min', 'Step 3 · Game · 10 min'], tone: 'green' },
  },
  {
    title: 'Activities that happen at work',
    text: 'Real-world activities turn learning into practice: small challenges to try with colleagues this week, with tasks to tick off and reflect on.',
    points: ['Practical tasks linked to each skill', 'Reflection prompts', 'Shared with the team when you choose'],
    visual: { label: 'Activity', lines: ['Ask one open question in stand-up', 'Notice what changed', 'Share one thing you learned'], tone: 'purple' },
  },
  {
    title: 'Badges and a summary to keep',
    text: 'Learners earn a badge for each skill they build and can download a summary of their work: something to bring to a development conversation.',
    points: ['Skill badges', 'A downloadable summary', 'Full journey summaries for registered mentors'],
    visual: { label: 'Badges', lines: ['★ Empathy', '★ Resilience', '★ Active listening'], tone: 'amber' },
  },
  {
    title: 'Weekly emails that keep momentum',
    text: 'A short weekly email reminds each learner what is next and celebrates progress, so no one drifts.',
    points: ['What is next, in one glance', 'Gentle nudges, never nagging', 'Unsubscribe from news at any time'],
    visual: { label: 'This week', lines: ['Your next step: The heated meeting', '3 teammates finished a journey', 'You earned a badge'], tone: 'blue' },
  },
  {
    title: 'A team page for learning together',
    text: 'Teams share posts, wins and questions on their own page. Learning becomes a conversation, not a solitary module.',
    points: ['Posts, comments and likes', 'Share activity results', 'Private to your team'],
    visual: { label: 'Team page', lines: ['Sam: tried the listening exercise 👏', 'Priya: great tip on feedback', '4 new comments'], tone: 'green' },
  },
  {
    title: 'Explore beyond the plan',
    text: 'Curious learners can explore stories, games and assessments outside their course plan, whenever they want.',
    points: ['Browse by skill', 'Replay favourite stories', 'Try a game before a tough meeting'],
    visual: { label: 'Explore', lines: ['Stories · Games · Assessments', 'Filter by skill group', 'New content each quarter'], tone: 'purple' },
  },
  {
    title: 'Team progress and mentor support',
    text: 'Team leaders see who is on track and which skills the team is building. Registered mentors receive full journey summaries to support each learner.',
    points: ['Progress insights for team leaders', 'Skills the team is building', 'Summaries for registered mentors'],
    visual: { label: 'Team progress', lines: ['Leadership Team · 82% on track', 'Top skill: Active listening', '2 learners need a nudge'], tone: 'blue' },
  },
];

export default function PlatformPage() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <SiteShell>
      <PageHero
        eyebrow="Platform tour"
        title="Everything your team needs to grow, in one place"
        lead="From the course plan to the team page, Leda is designed so that learning happens a little every week, with the people you work with."
      />
      <div className="feature-rows">
        {ROWS.map((r, i) => (
          <section key={r.title} className={`feature-row${i % 2 ? ' reverse' : ''}`}>
            <div className="feature-row-copy">
              <span className="feature-row-num">{String(i + 1).padStart(2, '0')}</span>
              <h2>{r.title}</h2>
              <p>{r.text}</p>
              <ul className="check-list">
                {r.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
            <div className={`feature-row-visual tone-${r.visual.tone}`} aria-hidden="true">
              <div className="mock-card">
                <span className="mock-label">{r.visual.label}</span>
                {r.visual.lines.map((l) => (
                  <span key={l} className="mock-line">
                    {l}
                  </span>
                ))}
              </div>
            </div>
          </section>
        ))}
      </div>
      <section className="cta-band">
        <div className="cta-band-inner">
          <h2>Get Leda for your team</h2>
          <p>Plans for teams from one to fifty people and beyond, all with an annual subscription.</p>
          <div className="cta-actions">
            <Link className="button primary large" to={signedIn ? '/pricing' : '/contact'}>
              Get Leda
            </Link>
          </div>
        </div>
      </section>
    </SiteShell>
  );
}
