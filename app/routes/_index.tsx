import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb } from '@modules/shared/index.server';
import { HOME_ARTICLES, listPublicContents } from '@modules/catalogue/index.server';
import { SiteShell, siteLinks } from '~/components/site-shell';
import { ArticleCard } from '~/components/articles';
import { CtaBand, FactStrip } from '~/components/marketing';
import { NewsletterBox } from '~/components/newsletter-box';
import { newsletterAction, newsletterConstraint } from '~/features/public-site/newsletter.server';
import { readFormData } from '~/utils/form.server';

export const links = siteLinks;

export const meta: MetaFunction = () => [
  { title: 'Leda | Leadership and soft skills for teams' },
  {
    name: 'description',
    content: 'Leda helps teams learn leadership and soft skills together: short journeys of stories, games, self-assessments and real-world activities.',
  },
];

/** Home: public; marketing content, the 3 latest public articles and the newsletter box. */
export async function loader(_: LoaderFunctionArgs) {
  return { articles: await listPublicContents(getDb(), { limit: HOME_ARTICLES }), newsletterConstraint: newsletterConstraint() };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return newsletterAction(request, context, await readFormData(request));
}

const STEPS = [
  { title: 'Watch a story', detail: 'A short drama about a real workplace moment', done: true },
  { title: 'Check yourself', detail: 'A self-assessment on active listening', done: true },
  { title: 'Play it out', detail: 'Choose what to say in a heated meeting', done: false },
  { title: 'Try it for real', detail: 'An activity to do with your team this week', done: false },
];

const FEATURES = [
  {
    icon: '◎',
    title: 'Journeys, not lectures',
    text: 'Each journey is a handful of ten-minute steps: stories, readings, self-assessments and games that build one skill at a time.',
  },
  {
    icon: '↗',
    title: 'Practice at work',
    text: 'Real-world activities turn what people learn into habits, with their own team as the place to practise.',
  },
  {
    icon: '★',
    title: 'Badges and a summary',
    text: 'Learners earn skill badges and a downloadable summary of everything they have worked on.',
  },
  {
    icon: '▤',
    title: 'Insight for leaders',
    text: 'Team leaders see progress at a glance, and weekly emails keep everyone moving.',
  },
];

export default function Home() {
  const { articles, newsletterConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <SiteShell>
      <section className="home-hero">
        <div className="home-hero-inner">
          <div className="home-hero-copy">
            <p className="eyebrow">Leadership and soft skills for teams</p>
            <h1>Build the skills that make teams work.</h1>
            <p className="lead">
              Leda is a learning platform for the human side of work. Your people take short journeys together, practise with their own
              team, and grow as leaders, one ten-minute step at a time.
            </p>
            <div className="cta-actions">
              <Link className="button primary large" to="/try-for-free">
                Try for free
              </Link>
              <Link className="button large ghost" to="/how">
                See how it works
              </Link>
            </div>
            <p className="hero-note">For teams and organisations of every size. Set up in a day.</p>
          </div>
          <div className="hero-visual" aria-hidden="true">
            <div className="journey-mock">
              <div className="journey-mock-head">
                <span className="skill-dot sg-social" />
                <div>
                  <strong>Listening that builds trust</strong>
                  <span>Social awareness · Journey 3 of 8</span>
                </div>
              </div>
              <ol className="journey-mock-steps">
                {STEPS.map((s) => (
                  <li key={s.title} className={s.done ? 'done' : undefined}>
                    <span className="step-check">{s.done ? '✓' : ''}</span>
                    <span>
                      <strong>{s.title}</strong>
                      <small>{s.detail}</small>
                    </span>
                  </li>
                ))}
              </ol>
              <div className="journey-mock-progress">
                <span style={{ width: '50%' }} />
              </div>
              <p className="journey-mock-foot">2 of 4 steps · about 20 minutes left</p>
            </div>
            <div className="badge-mock">
              <span className="badge-mock-icon">★</span>
              <span>
                <strong>Badge earned</strong>
                <small>Empathy</small>
              </span>
            </div>
          </div>
        </div>
      </section>

      <FactStrip />

      <section className="section">
        <div className="section-inner">
          <div className="section-head">
            <p className="eyebrow">Why Leda</p>
            <h2>Soft skills are learned by doing, together</h2>
            <p className="lead">
              One-off workshops fade within weeks. Leda keeps learning small, regular and social, so new behaviour sticks.
            </p>
          </div>
          <div className="feature-grid">
            {FEATURES.map((f) => (
              <div className="feature-card" key={f.title}>
                <span className="feature-icon" aria-hidden="true">
                  {f.icon}
                </span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section tinted">
        <div className="section-inner split">
          <div>
            <p className="eyebrow">Built on emotional intelligence</p>
            <h2>Four skill groups, one clear path</h2>
            <p>
              Every journey builds skills in one of four groups drawn from emotional intelligence research, so your people know what they are
              working on and why it matters.
            </p>
            <Link className="button" to="/how">
              Explore the journeys
            </Link>
          </div>
          <ul className="skill-groups">
            <li className="sg-self">
              <strong>Self-awareness</strong>
              <span>Knowing your emotions, strengths and limits</span>
            </li>
            <li className="sg-manage">
              <strong>Self-management</strong>
              <span>Staying steady, adaptable and resilient</span>
            </li>
            <li className="sg-social">
              <strong>Social awareness</strong>
              <span>Reading people, teams and organisations</span>
            </li>
            <li className="sg-relationship">
              <strong>Relationship management</strong>
              <span>Coaching, influence and handling conflict</span>
            </li>
          </ul>
        </div>
      </section>

      <section className="section">
        <div className="section-inner">
          <div className="section-head row">
            <div>
              <p className="eyebrow">From the blog</p>
              <h2>Latest articles</h2>
            </div>
            <Link to="/articles" className="see-all">
              All articles →
            </Link>
          </div>
          {articles.length ? (
            <div className="article-grid">
              {articles.map((a) => (
                <ArticleCard key={a.contentId} article={a} />
              ))}
            </div>
          ) : (
            <p className="empty-state">No articles to display.</p>
          )}
        </div>
      </section>

      <NewsletterBox actionData={actionData} constraint={newsletterConstraint} />

      <CtaBand title="Ready to grow your team's skills?" text="Start a free trial, or talk to us about a plan for your organisation." />
    </SiteShell>
  );
}
