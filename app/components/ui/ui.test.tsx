import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { Avatar, Badge, Card, Dialog, DialogTrigger, EmptyState, PersonAvatar, ProgressBar, ProgressRing, StarRating, StarValue, Stepper, Tabs, Toast } from './index';
import { DataTable } from '../data-table';

/**
 * The design system's components as a browser without JavaScript receives them (server markup): the
 * roles, names and states a screen reader and the CSS rely on.
 */
const render = (element: ReactElement) => renderToString(<StaticRouter location="/admin/design">{element}</StaticRouter>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('card', () => {
  it('labels its section with its heading, and shows actions and a footer', () => {
    const html = render(
      <Card title="Team progress" actions={<a href="/x">See all</a>} footer={<span>Updated today</span>} tone="brand">
        <p>Body</p>
      </Card>,
    );
    const id = /<h2 id="([^"]+)" class="ui-card-title">Team progress<\/h2>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<section class="ui-card tone-brand" aria-labelledby="${id}">`);
    expect(text(html)).toBe('Team progress See all Body Updated today');
  });

  it('without a title is a plain panel', () => {
    expect(render(<Card>Body</Card>)).toBe('<section class="ui-card"><div class="ui-card-body">Body</div></section>');
  });
});

describe('avatar', () => {
  it('shows the photo, named for screen readers', () => {
    const html = render(<Avatar user={{ userId: 7, fullName: 'Lee Learner', profilePhotoBlobId: 'abcdef0123456789' }} size="small" />);
    expect(html).toContain('role="img" aria-label="Lee Learner"');
    expect(html).toContain('<img src="/app/profile/7/photo?v=abcdef012345" alt=""');
  });

  it('falls back to initials, and says nothing when decorative', () => {
    const html = render(<PersonAvatar name="Ada Byron Lovelace" src={null} decorative />);
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain('role="img"');
    expect(text(html)).toBe('AL');
    expect(render(<PersonAvatar name="Ada" src={null} />)).toContain('aria-label="Ada (no photo)"');
  });
});

describe('badge', () => {
  it('carries its tone as a class', () => {
    expect(render(<Badge tone="success">Completed</Badge>)).toBe('<span class="badge tone-success done">Completed</span>');
    expect(render(<Badge>Draft</Badge>)).toBe('<span class="badge">Draft</span>');
    expect(render(<Badge tone="brand" solid>New</Badge>)).toBe('<span class="badge tone-brand is-solid">New</span>');
  });
});

describe('progress', () => {
  it('a bar is a named progressbar with its value in words and a clamped width', () => {
    const html = render(<ProgressBar value={2} max={4} label="Journey progress" valueText="2 of 4 steps" />);
    expect(html).toContain('role="progressbar" aria-label="Journey progress" aria-valuemin="0" aria-valuemax="4" aria-valuenow="2" aria-valuetext="2 of 4 steps"');
    expect(html).toContain('style="width:50%"');
    expect(render(<ProgressBar value={9} max={4} label="x" />)).toContain('style="width:100%"');
    expect(render(<ProgressBar value={1} max={0} label="x" />)).toContain('style="width:0%"');
  });

  it('a ring draws its share of the circle and shows the percentage', () => {
    const html = render(<ProgressRing value={3} max={4} label="Steps done" size={64} stroke={6} />);
    expect(html).toContain('role="progressbar" aria-label="Steps done"');
    expect(html).toContain('aria-valuetext="3 of 4"');
    const circumference = 2 * Math.PI * 29;
    expect(html).toContain(`stroke-dasharray="${(circumference * 0.75).toFixed(2)} ${circumference.toFixed(2)}"`);
    expect(text(html)).toBe('75%');
  });
});

describe('stepper', () => {
  const items = [
    { key: 1, href: '/app/journey/j/step/a', kicker: 'STEP 1', title: 'Know yourself', state: 'done' as const, statusLabel: 'Finished' },
    { key: 2, href: '/app/journey/j/step/b', kicker: 'STEP 2', title: 'Steady', state: 'inprogress' as const, statusLabel: 'In progress' },
    { key: 'end', href: '/app/journey/j/step/end', title: 'Journey end', state: 'todo' as const, final: true },
  ];

  it('is a labelled list of links with each state, the current one aria-current="step"', () => {
    const html = render(<Stepper label="Journey steps" items={items} current={1} />);
    expect(html).toContain('<nav aria-label="Journey steps" class="ui-stepper">');
    expect(text(html)).toBe('STEP 1 Know yourself Finished STEP 2 Steady In progress Journey end');
    expect(html.match(/aria-current="step"/g)).toHaveLength(1);
    expect(html).toMatch(/<li class="ui-step is-current" data-state="inprogress"[^>]*>.*?<a class="ui-step-link" aria-current="step"[^>]*href="\/app\/journey\/j\/step\/b"/);
    expect(html).toContain('class="ui-step is-final" data-state="todo"');
    // The markers are drawn by CSS: nothing for a screen reader to read twice.
    expect(html).toContain('<span class="ui-step-marker" aria-hidden="true"></span>');
  });
});

describe('star rating', () => {
  it('is a fieldset of five radios named rating, each labelled with its number of stars', () => {
    const html = render(<StarRating legend="How would you rate this journey?" required hint="1 is poor, 5 is excellent" />);
    expect(html).toMatch(/^<fieldset class="ui-stars" aria-describedby="[^"]+-hint"><legend>How would you rate this journey\?<\/legend>/);
    expect(html.match(/<input type="radio"[^>]*name="rating"[^>]*required=""/g)).toHaveLength(5);
    expect([...html.matchAll(/<span class="visually-hidden">([^<]+)<\/span>/g)].map((m) => m[1])).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    // Every radio has its label (for=id), the input right before it (the CSS fills the stars by sibling order).
    for (const [, id] of html.matchAll(/<input type="radio" id="([^"]+)"/g)) expect(html).toMatch(new RegExp(`id="${id}"[^>]*/><label for="${id}"`));
  });

  it('checks the default value, and a given rating reads as words', () => {
    expect(render(<StarRating legend="Stars" defaultValue={4} />).match(/checked=""/g)).toHaveLength(1);
    expect(render(<StarRating legend="Stars" defaultValue={4} />)).toMatch(/checked="" value="4"/);
    const value = render(<StarValue value={3} />);
    expect(value).toContain('role="img" aria-label="Rated 3 of 5 stars"');
    expect(value.match(/is-full/g)).toHaveLength(3);
  });
});

describe('tabs', () => {
  it('are links in a labelled nav, the current one aria-current="page", with counts', () => {
    const html = render(
      <Tabs
        label="Filter journeys"
        pills
        items={[
          { to: '?filter=all', label: 'All Journeys', current: true, count: 4 },
          { to: '?filter=completed', label: 'Completed Journeys', current: false },
        ]}
      />,
    );
    expect(html).toContain('<nav aria-label="Filter journeys" class="ui-tabs is-pills">');
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/admin\/design\?filter=all">All Journeys<span class="ui-tabs-count">4<\/span>/);
    expect(html.match(/aria-current/g)).toHaveLength(1);
  });
});

describe('empty state and toast', () => {
  it('an empty state says what is missing and what to do', () => {
    const html = render(
      <EmptyState title="No journeys yet" actions={<a href="/app/explore">Explore</a>}>
        Your team admin schedules journeys.
      </EmptyState>,
    );
    expect(text(html)).toBe('✦ No journeys yet Your team admin schedules journeys. Explore');
    expect(html).toContain('<span class="ui-empty-icon" aria-hidden="true">');
  });

  it('a toast is a status (an alert for a danger), with no dismiss button before hydration', () => {
    const ok = render(
      <Toast title="Comment deleted" dismissible actions={<button type="submit">Undo</button>}>
        You can undo this for a minute.
      </Toast>,
    );
    expect(ok).toMatch(/^<div class="ui-toast tone-success" role="status">/);
    expect(text(ok)).toBe('✓ Comment deleted You can undo this for a minute. Undo');
    expect(ok).not.toContain('Dismiss');
    expect(render(<Toast tone="danger">Could not save.</Toast>)).toContain('role="alert"');
    expect(render(<Toast tone="info" floating>Saved</Toast>)).toContain('class="ui-toast tone-info is-floating"');
  });
});

describe('dialog', () => {
  it('closed, it is in the page but not open; the trigger is a link to its no-JavaScript address', () => {
    const html = render(
      <>
        <DialogTrigger dialogId="confirm" href="/admin/design?dialog=confirm">
          Delete
        </DialogTrigger>
        <Dialog id="confirm" title="Delete this post?" closeHref="/admin/design" footer={<button type="submit">Delete</button>}>
          <p>This cannot be undone.</p>
        </Dialog>
      </>,
    );
    expect(html).toContain('<a href="/admin/design?dialog=confirm" class="button" aria-haspopup="dialog" data-dialog="confirm">Delete</a>');
    expect(html).toMatch(/<dialog id="confirm" class="ui-dialog" aria-labelledby="confirm-title">/);
    expect(html).toContain('<h2 id="confirm-title">Delete this post?</h2>');
    expect(html).toContain('<a href="/admin/design" class="ui-dialog-close" aria-label="Close Delete this post?">');
  });

  it('opened by the server (its address without JavaScript), it renders open', () => {
    const html = render(
      <Dialog id="confirm" title="Delete this post?" closeHref="/admin/design" open>
        <p>Sure?</p>
      </Dialog>,
    );
    expect(html).toMatch(/<dialog id="confirm" class="ui-dialog" aria-labelledby="confirm-title" open="">/);
  });
});

describe('table as cards', () => {
  it('each cell carries its column header for the narrow-screen card layout', () => {
    const html = render(
      <DataTable
        path="/admin/x"
        caption="People"
        columns={[
          { key: 'name', header: 'Name', cell: (r: { id: number; name: string }) => r.name },
          { key: 'edit', header: 'Actions', hiddenHeader: true, cell: () => <a href="/e">Edit</a> },
        ]}
        rows={[{ id: 1, name: 'Ada' }]}
        rowKey={(r) => r.id}
        state={{ q: '', sort: 'name', dir: 'asc', page: 1, pageSize: 10, filters: {} }}
        total={1}
        pageCount={1}
      />,
    );
    expect(html).toContain('<td data-label="Name">Ada</td>');
    expect(html).toContain('<td><a href="/e">Edit</a></td>');
  });
});
