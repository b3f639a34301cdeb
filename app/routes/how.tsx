import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getReferenceData } from '@modules/catalogue/index.server';
import { listPublicJourneys } from '@modules/journeys/index.server';
import { getDb } from '@modules/shared/index.server';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { CtaBand, PageHero } from '~/components/marketing';
import { getOptionalUser } from '~/utils/session.server';
import { textSafeColour } from '~/utils/colour';

export const links = siteLinks;

export const meta: MetaFunction = () => [
  { title: 'How it works | Leda' },
  { name: 'description', content: 'How Leda journeys build leadership and soft skills: short steps, grouped by skill group.' },
];

interface SkillGroupView {
  skillGroupId: number;
  urlId: string;
  name: string;
  primaryColour: string;
}
interface JourneyView {
  journeyId: number;
  skillGroupId: number | null;
  name: string;
  skills: string[];
  htmlSummary: string;
}

const HEX = /^[0-9a-f]{6}$/i;

/** The catalogue's skill groups (its cached reference data) and the journeys module's public journeys. */
async function readCatalogue(): Promise<{ groups: SkillGroupView[]; journeys: JourneyView[] }> {
  const db = getDb();
  const [reference, journeys] = await Promise.all([getReferenceData(db), listPublicJourneys(db)]);
  const groups = reference.capabilities
    .flatMap((c) => c.skillGroups)
    .map((g) => ({
      skillGroupId: g.skillGroupId,
      urlId: g.urlId,
      name: g.name,
      primaryColour: HEX.test(g.primaryColour) ? g.primaryColour : '2F6FAE',
    }));
  return { groups, journeys };
}

/** /how: public. ?group={skill group urlId} filters the journeys (plain links, no JS needed). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const { groups, journeys } = await readCatalogue();
  const active = new URL(request.url).searchParams.get('group');
  const shown = groups.filter((g) => !active || g.urlId === active);
  const sections = shown
    .map((g) => ({ group: g, journeys: journeys.filter((j) => j.skillGroupId === g.skillGroupId) }))
    .filter((s) => s.journeys.length > 0);
  return { groups, sections, active: groups.some((g) => g.urlId === active) ? active : null, signedIn: Boolean(user), journeyCount: journeys.length };
}

const STEP_KINDS = [
  { title: 'Stories', text: 'Short dramas of real workplace moments, with a clear lesson in each.' },
  { title: 'Readings', text: 'Concise, practical pieces that explain the skill and why it matters.' },
  { title: 'Self-assessments', text: 'Honest check-ins that show where you are today and what to work on.' },
  { title: 'Games', text: 'Choose-your-response scenarios where you practise hard conversations safely.' },
  { title: 'Real-world activities', text: 'Small challenges to try with your own team, then reflect on together.' },
];

export default function HowPage() {
  const { groups, sections, active, signedIn, journeyCount } = useLoaderData<typeof loader>();
  return (
    <SiteShell>
      <PageHero
        eyebrow="How it works"
        title="Small steps, taken together, change how teams work"
        lead="A Leda course runs for 6 to 12 months. It is made of journeys that take one to two weeks, and each journey is a handful of steps of about ten minutes."
      />
      <section className="section" aria-labelledby="how-course-steps">
        <div className="section-inner">
          {/* Keeps the heading order h1 > h2 > h3 (the four steps are h3s). */}
          <h2 id="how-course-steps" className="visually-hidden">
            How a course runs
          </h2>
          <ol className="how-timeline">
            <li>
              <span className="how-num">1</span>
              <h3>Pick or build a course</h3>
              <p>Join a ready-made course or choose journeys for your team. Start dates are set for everyone, so you learn in step.</p>
            </li>
            <li>
              <span className="how-num">2</span>
              <h3>Take a journey every week or two</h3>
              <p>Each journey focuses on one skill. Steps take about ten minutes and fit between meetings.</p>
            </li>
            <li>
              <span className="how-num">3</span>
              <h3>Practise with your team</h3>
              <p>Real-world activities and the team page make learning social: share what worked and encourage each other.</p>
            </li>
            <li>
              <span className="how-num">4</span>
              <h3>See progress and earn badges</h3>
              <p>Learners earn skill badges and a summary; team leaders see progress insights and get weekly emails.</p>
            </li>
          </ol>
        </div>
      </section>
      <section className="section tinted">
        <div className="section-inner">
          <div className="section-head">
            <p className="eyebrow">Inside a journey</p>
            <h2>Five kinds of step, one skill at a time</h2>
          </div>
          <div className="feature-grid five">
            {STEP_KINDS.map((s) => (
              <div className="feature-card" key={s.title}>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="section" id="journeys">
        <div className="section-inner">
          <div className="section-head">
            <p className="eyebrow">The journeys</p>
            <h2>Journeys by skill group</h2>
          </div>
          {groups.length ? (
            <nav aria-label="Filter by skill group" className="tag-nav">
              <Link to="/how#journeys" className={active ? 'chip' : 'chip active'} preventScrollReset>
                All skill groups
              </Link>
              {groups.map((g) => (
                <Link
                  key={g.skillGroupId}
                  to={`/how?group=${g.urlId}#journeys`}
                  className={active === g.urlId ? 'chip active' : 'chip'}
                  style={{ ['--chip-colour' as string]: `#${g.primaryColour}` }}
                  preventScrollReset
                >
                  {g.name}
                </Link>
              ))}
            </nav>
          ) : null}
          {sections.length ? (
            sections.map((s) => (
              <div key={s.group.skillGroupId} className="journey-group">
                <h3 className="journey-group-heading" style={{ ['--group-colour' as string]: textSafeColour(`#${s.group.primaryColour}`, ['#ffffff']) }}>
                  {s.group.name}
                </h3>
                <div className="table-scroll">
                  <table className="journey-table">
                    <thead>
                      <tr>
                        <th scope="col">Journey</th>
                        <th scope="col">Skills covered</th>
                        <th scope="col">Description</th>
                        <th scope="col">
                          <span className="visually-hidden">Action</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {s.journeys.map((j) => (
                        <tr key={j.journeyId}>
                          <th scope="row">{j.name}</th>
                          <td>{j.skills.join(', ')}</td>
                          <td className="prose small" dangerouslySetInnerHTML={{ __html: j.htmlSummary }} />
                          <td>
                            <Link className="button small" to={signedIn ? '/app/explore' : '/try-for-free'}>
                              {signedIn ? 'Explore' : 'Try it'}
                            </Link>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            ))
          ) : (
            <div className="empty-panel">
              <h3>The journey catalogue is being prepared</h3>
              <p>
                {journeyCount
                  ? 'No journeys in this skill group yet.'
                  : 'Our journeys are not listed here yet. Get in touch and we will walk you through the full catalogue and suggest a course for your team.'}
              </p>
              <Link className="button primary" to="/contact">
                Ask about the journeys
              </Link>
            </div>
          )}
        </div>
      </section>
      <section className="email-strip" id="journeys-strip">
        <div className="email-strip-inner">
          <div>
            <h2>See Leda with your own team</h2>
            <p>Enter your work email and we will set up a free trial.</p>
          </div>
          {/* The strip leads to /try-for-free with the email carried over (issue 11; decision 175). */}
          <Form method="get" action="/try-for-free" className="email-strip-form">
            <label htmlFor="strip-email" className="visually-hidden">
              Work email
            </label>
            <input id="strip-email" type="email" name="email" placeholder="you@company.com" autoComplete="email" maxLength={320} />
            <button type="submit" className="button primary">
              Try for free
            </button>
          </Form>
        </div>
      </section>
      <CtaBand />
    </SiteShell>
  );
}
