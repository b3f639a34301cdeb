import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { BreadcrumbHandle } from '~/components/breadcrumbs';
import { DataTable, type DataColumn } from '~/components/data-table';
import { Badge, Card, Dialog, DialogTrigger, EmptyState, PersonAvatar, ProgressBar, ProgressRing, StarRating, StarValue, Stepper, Tabs, Toast } from '~/components/ui';
import { Link } from '~/components/link';
import { requireProductAdmin } from '~/utils/session.server';

export const meta: MetaFunction = () => [{ title: 'Design system | Leda Admin' }];
export const handle: BreadcrumbHandle = { breadcrumb: () => ({ label: 'Design system' }) };

/**
 * /admin/design (issue 25, decision 273): every component of app/components/ui in its states, on the
 * tokens of app/styles/tokens.css, for the product team. ?tab= switches the tabs example and
 * ?dialog=open opens the dialog without JavaScript, as the real screens do.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireProductAdmin(request, context);
  const url = new URL(request.url);
  const tab = url.searchParams.get('tab') === 'second' ? 'second' : 'first';
  return { tab, dialogOpen: url.searchParams.get('dialog') === 'open' };
}

const COLOURS = [
  ['--color-brand-500', 'Brand'],
  ['--color-brand-700', 'Brand dark'],
  ['--color-brand-50', 'Brand wash'],
  ['--color-accent-600', 'Accent'],
  ['--color-accent-50', 'Accent wash'],
  ['--color-ink', 'Ink'],
  ['--color-ink-soft', 'Ink soft'],
  ['--color-line', 'Line'],
  ['--color-wash', 'Wash'],
  ['--color-success-600', 'Success'],
  ['--color-warning-700', 'Warning'],
  ['--color-danger-600', 'Danger'],
] as const;
const TYPE = ['3xl', '2xl', 'xl', 'lg', 'md', 'base', 'sm', 'xs'] as const;
const SPACES = [1, 2, 3, 4, 6, 8, 12] as const;
const RADII = ['sm', 'md', 'lg', 'xl', 'pill'] as const;

type Person = { id: number; name: string; team: string; progress: number };
const PEOPLE: Person[] = [
  { id: 1, name: 'Lee Learner', team: 'Leadership Team', progress: 3 },
  { id: 2, name: 'Olivia Organiser', team: 'Sales Team', progress: 1 },
];
const COLUMNS: DataColumn<Person>[] = [
  { key: 'name', header: 'Name', cell: (p) => <strong>{p.name}</strong> },
  { key: 'team', header: 'Team', cell: (p) => p.team },
  { key: 'progress', header: 'Progress', cell: (p) => <ProgressBar value={p.progress} max={4} label={`${p.name}'s progress`} valueText={`${p.progress} of 4 steps`} showLabel={false} /> },
  { key: 'actions', header: 'Actions', hiddenHeader: true, cell: (p) => <Link to={`/admin/design#person-${p.id}`}>View</Link> },
];

function Specimen({ id, title, children, note }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="design-section">
      <h2 id={`${id}-title`}>{title}</h2>
      {note ? <p className="design-note">{note}</p> : null}
      <div className="design-specimens">{children}</div>
    </section>
  );
}

export default function DesignSystem() {
  const { tab, dialogOpen } = useLoaderData<typeof loader>();
  return (
    <div className="design-page">
      <h1>Design system</h1>
      <p className="design-note">
        The tokens (app/styles/tokens.css) and components (app/components/ui) every screen uses. Each works without JavaScript; what JavaScript adds is said
        beside it.
      </p>
      <nav aria-label="On this page" className="design-toc">
        <ul>
          {['tokens', 'buttons', 'cards', 'avatars', 'badges', 'progress', 'stepper', 'stars', 'tabs', 'table', 'empty', 'toasts', 'dialog'].map((s) => (
            <li key={s}>
              <a href={`#${s}`}>{s[0]!.toUpperCase() + s.slice(1)}</a>
            </li>
          ))}
        </ul>
      </nav>

      <Specimen id="tokens" title="Tokens" note="Colour, type scale, spacing, radius and elevation.">
        <ul className="design-swatches" aria-label="Colours">
          {COLOURS.map(([token, name]) => (
            <li key={token}>
              <span className="design-swatch" style={{ background: `var(${token})` }} />
              <span>
                <strong>{name}</strong>
                <code>{token}</code>
              </span>
            </li>
          ))}
        </ul>
        <div className="design-type">
          {TYPE.map((t) => (
            <p key={t} style={{ fontSize: `var(--text-${t})`, margin: 0 }}>
              <code>--text-{t}</code> Leaders grow people
            </p>
          ))}
        </div>
        <div className="design-row">
          {SPACES.map((n) => (
            <span key={n} className="design-space" style={{ width: `var(--space-${n})` }} title={`--space-${n}`}>
              <code>{n}</code>
            </span>
          ))}
        </div>
        <div className="design-row">
          {RADII.map((r) => (
            <span key={r} className="design-radius" style={{ borderRadius: `var(--radius-${r})` }}>
              <code>{r}</code>
            </span>
          ))}
          {[1, 2, 3, 4].map((n) => (
            <span key={n} className="design-radius" style={{ boxShadow: `var(--shadow-${n})` }}>
              <code>shadow-{n}</code>
            </span>
          ))}
        </div>
      </Specimen>

      <Specimen id="buttons" title="Buttons">
        <div className="actions">
          <button type="button" className="button primary">
            Primary
          </button>
          <button type="button" className="button">
            Default
          </button>
          <button type="button" className="button secondary">
            Secondary
          </button>
          <button type="button" className="button danger">
            Danger
          </button>
          <button type="button" className="button small">
            Small
          </button>
          <button type="button" className="button primary" disabled>
            Disabled
          </button>
        </div>
      </Specimen>

      <Specimen id="cards" title="Cards">
        <div className="design-grid">
          <Card title="Plain card" headingLevel={3}>
            <p>A white panel with a heading that labels it.</p>
          </Card>
          <Card title="With actions and footer" headingLevel={3} tone="brand" actions={<Link to="/admin/design#cards">See all</Link>} footer={<span className="design-note">Updated today</span>}>
            <p>A brand edge, an action beside the heading.</p>
          </Card>
          <Card title="Raised, success" headingLevel={3} tone="success" raised>
            <p>For a moment worth noticing.</p>
          </Card>
        </div>
      </Specimen>

      <Specimen id="avatars" title="Avatars" note="A photo, or the initials in one of nine colours picked by the name.">
        <div className="design-row">
          <PersonAvatar name="Lee Learner" src="/favicon.svg" size="large" />
          <PersonAvatar name="Lee Learner" src={null} size="large" />
          <PersonAvatar name="Olivia Organiser" src={null} size="medium" />
          <PersonAvatar name="Tess Admin" src={null} size="small" />
          <PersonAvatar name="Sam" src={null} size="xsmall" />
        </div>
      </Specimen>

      <Specimen id="badges" title="Badges">
        <div className="design-row">
          <Badge>Draft</Badge>
          <Badge tone="brand">Current</Badge>
          <Badge tone="success">Completed</Badge>
          <Badge tone="warning">Upcoming</Badge>
          <Badge tone="danger">Overdue</Badge>
          <Badge tone="brand" solid>
            New
          </Badge>
        </div>
      </Specimen>

      <Specimen id="progress" title="Progress bar and ring" note="A progressbar role with its value in words.">
        <div className="design-grid">
          <ProgressBar value={0} max={4} label="Not started" valueText="0 of 4 steps" />
          <ProgressBar value={2} max={4} label="Journey progress" valueText="2 of 4 steps" />
          <ProgressBar value={4} max={4} label="Finished" valueText="4 of 4 steps" tone="success" large />
        </div>
        <div className="design-row">
          <ProgressRing value={0} max={5} label="Steps finished, none" />
          <ProgressRing value={2} max={5} label="Steps finished, some" />
          <ProgressRing value={5} max={5} label="Steps finished, all" tone="success" size={88} stroke={8} />
        </div>
      </Specimen>

      <Specimen id="stepper" title="Stepper" note="Journey steps: finished (tick), in progress, ready, the current one ringed, the end a star.">
        <div className="design-stepper">
          <Stepper
            label="Example journey steps"
            current={1}
            items={[
              { key: 1, href: '/admin/design#stepper', kicker: 'STEP 1', title: 'Know yourself', state: 'done', statusLabel: 'Finished' },
              { key: 2, href: '/admin/design#stepper', kicker: 'STEP 2', title: 'Steady under pressure', state: 'inprogress', statusLabel: 'In progress' },
              { key: 3, href: '/admin/design#stepper', kicker: 'STEP 3', title: 'Lead from your values', state: 'todo', statusLabel: 'Ready to start' },
              { key: 'end', href: '/admin/design#stepper', title: 'Journey end', state: 'todo', final: true },
            ]}
          />
        </div>
      </Specimen>

      <Specimen id="stars" title="Star rating" note="Five radios drawn as stars; arrow keys move between them; CSS fills every star up to the chosen one.">
        <div className="design-grid">
          <form method="get" action="/admin/design#stars">
            <StarRating name="demo-empty" legend="Not yet rated" hint="1 is poor, 5 is excellent." />
          </form>
          <form method="get" action="/admin/design#stars">
            <StarRating name="demo-four" legend="Rated four" defaultValue={4} />
          </form>
          <p>
            Read-only: <StarValue value={3} />
          </p>
        </div>
      </Specimen>

      <Specimen id="tabs" title="Tabs" note="Links, each its own address; the current one is aria-current.">
        <Tabs
          label="Example tabs"
          items={[
            { to: '/admin/design?tab=first#tabs', label: 'First tab', current: tab === 'first' },
            { to: '/admin/design?tab=second#tabs', label: 'Second tab', current: tab === 'second', count: 3 },
          ]}
        />
        <Tabs
          label="Example filters"
          pills
          items={[
            { to: '/admin/design?tab=first#tabs', label: 'All', current: tab === 'first' },
            { to: '/admin/design?tab=second#tabs', label: 'In progress', current: tab === 'second' },
          ]}
        />
        <p>{tab === 'first' ? 'The first tab is open.' : 'The second tab is open.'}</p>
      </Specimen>

      <Specimen id="table" title="Table" note="Below 768 px each row becomes a card, each cell labelled with its column.">
        <DataTable
          path="/admin/design"
          caption="Example people"
          columns={COLUMNS}
          rows={PEOPLE}
          rowKey={(p) => p.id}
          state={{ q: '', sort: 'name', dir: 'asc', page: 1, pageSize: 10, filters: {} }}
          total={PEOPLE.length}
          pageCount={1}
        />
      </Specimen>

      <Specimen id="empty" title="Empty state">
        <EmptyState title="No journeys yet" actions={<Link to="/admin/design#empty" className="button small">Explore journeys</Link>}>
          When your team admin schedules a journey it shows here.
        </EmptyState>
      </Specimen>

      <Specimen id="toasts" title="Toasts and status messages" note="role=status (alert for a danger); with JavaScript they can be dismissed.">
        <Toast title="Saved" dismissible>
          Your changes are saved.
        </Toast>
        <Toast tone="info" title="Comment deleted" actions={<button type="button" className="button small secondary">Undo</button>}>
          You can undo this for a minute.
        </Toast>
        <Toast tone="warning">This schedule starts in the past.</Toast>
        <Toast tone="danger">We could not save your changes. Please try again.</Toast>
      </Specimen>

      <Specimen id="dialog" title="Dialog" note="A native dialog: a modal with JavaScript; without it the trigger opens the dialog's own address, where it is a section of the page.">
        <DialogTrigger dialogId="design-dialog" href="/admin/design?dialog=open#dialog">
          Open the dialog
        </DialogTrigger>
        <Dialog
          id="design-dialog"
          title="Delete this post?"
          open={dialogOpen}
          closeHref="/admin/design#dialog"
          footer={
            <>
              <form method="dialog">
                <button type="submit" className="button secondary">
                  Cancel
                </button>
              </form>
              <button type="button" className="button primary danger">
                Delete
              </button>
            </>
          }
        >
          <p>The post and its comments are removed for everyone. This cannot be undone.</p>
        </Dialog>
      </Specimen>
    </div>
  );
}
