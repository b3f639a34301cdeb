import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { SiteShell } from '~/components/site-shell';

export const meta: MetaFunction = () => [{ title: 'Leda | Leadership and soft skills for teams' }];

export default function Home() {
  return (
    <SiteShell>
      <section className="hero">
        <h1>Leadership and soft skills, learned together.</h1>
        <p>Leda helps teams build the skills that make work better: short journeys, stories, games and real-world activities.</p>
        <Link className="button primary" to="/auth/login">
          Log in
        </Link>
      </section>
    </SiteShell>
  );
}
