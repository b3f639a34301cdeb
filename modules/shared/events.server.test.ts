import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { getDb } from './db/db.server';
import { announce, listenersOf, onEvent, type FactOf } from './events.server';

/** The in-process fact list: order, the announcer's transaction, replacement, removal. */
const cleanups: (() => void)[] = [];
const fact = (over: Partial<FactOf<'myActivity.completed'>> = {}): FactOf<'myActivity.completed'> => ({
  userId: 1,
  myActivityId: 1,
  sourceActivityId: 1,
  journeyStepId: null,
  completedAt: new Date(),
  ...over,
});
afterEach(() => cleanups.splice(0).forEach((off) => off()));

async function table() {
  await sql`create table if not exists event_probe (id serial primary key, what text not null)`.execute(getDb());
  await sql`delete from event_probe`.execute(getDb());
}
const rows = async () => (await sql<{ what: string }>`select what from event_probe order by id`.execute(getDb())).rows.map((r) => r.what);

describe('announce / onEvent', () => {
  it('runs every listener in registration order with the announcer transaction, so the cascade commits with it', async () => {
    await table();
    cleanups.push(
      onEvent('myActivity.completed', 'journeys', async (db, f) => {
        await sql`insert into event_probe (what) values (${`step for activity ${f.sourceActivityId}`})`.execute(db);
      }),
      onEvent('myActivity.completed', 'social', async (db, f) => {
        await sql`insert into event_probe (what) values (${`notify user ${f.userId}`})`.execute(db);
      }),
    );
    expect(listenersOf('myActivity.completed')).toEqual(['journeys', 'social']);
    await getDb().transaction().execute(async (trx) => {
      await sql`insert into event_probe (what) values ('activity completed')`.execute(trx);
      await announce(trx, 'myActivity.completed', fact({ userId: 7, myActivityId: 3, sourceActivityId: 9 }));
    });
    expect(await rows()).toEqual(['activity completed', 'step for activity 9', 'notify user 7']);
  });

  it('rolls the outcome back when a listener fails', async () => {
    await table();
    cleanups.push(
      onEvent('myActivity.completed', 'journeys', async () => {
        throw new Error('step could not complete');
      }),
    );
    await expect(
      getDb().transaction().execute(async (trx) => {
        await sql`insert into event_probe (what) values ('activity completed')`.execute(trx);
        await announce(trx, 'myActivity.completed', fact());
      }),
    ).rejects.toThrow('step could not complete');
    expect(await rows()).toEqual([]);
  });

  it('keeps one listener per owner (start-up may run twice) and removes it on request', async () => {
    const seen: string[] = [];
    onEvent('myActivity.completed', 'journeys', async () => void seen.push('first'));
    const off = onEvent('myActivity.completed', 'journeys', async () => void seen.push('second'));
    await announce(getDb(), 'myActivity.completed', fact());
    expect(seen).toEqual(['second']);
    off();
    expect(listenersOf('myActivity.completed')).toEqual([]);
    await announce(getDb(), 'myActivity.completed', fact());
    expect(seen).toEqual(['second']);
  });

  it('collects the listeners\' answers in order', async () => {
    cleanups.push(
      onEvent('myActivity.completed', 'journeys', async () => ({ completedUserJourneyId: 5, completedJourneyId: 2 })),
      onEvent('myActivity.completed', 'social', async () => undefined),
    );
    expect(await announce(getDb(), 'myActivity.completed', fact())).toEqual([{ completedUserJourneyId: 5, completedJourneyId: 2 }]);
  });

  it('after the commit, isolates a failing listener: logged and skipped, the others still answer', async () => {
    cleanups.push(
      onEvent('myActivity.completed', 'journeys', async () => {
        throw new Error('journeys is down');
      }),
      onEvent('myActivity.completed', 'social', async () => ({ completedJourneyId: 8 })),
    );
    expect(await announce(getDb(), 'myActivity.completed', fact(), { isolate: true })).toEqual([{ completedJourneyId: 8 }]);
    await expect(announce(getDb(), 'myActivity.completed', fact())).rejects.toThrow('journeys is down');
  });

  it('checks the fact against its event at compile time', async () => {
    // @ts-expect-error a fact missing its fields is refused by the type checker
    await announce(getDb(), 'myActivity.completed', { userId: 1 });
    // @ts-expect-error an unknown event is refused too
    await announce(getDb(), 'journey.finished', {});
    expect(listenersOf('myActivity.completed')).toEqual([]);
  });
});
