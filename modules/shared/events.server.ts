import type { Db } from './db/database';
import { logger } from './logger.server';

/**
 * Facts that a lower module announces and higher modules act on (docs/decisions/131): completing
 * a task completes the activity (activities), which may complete a journey step and the journey
 * (journeys), which creates notifications and emails (social). Activities never import journeys:
 * it announces 'myActivity.completed', and journeys' listener, registered at start-up by
 * modules/listeners.server.ts, does its part and may answer (the journey it completed).
 *
 * Listeners run in registration order, awaited, with the db the announcer passes:
 * - inside its transaction (`announce(trx, ...)`): the cascade commits or rolls back with the
 *   outcome, and a listener's failure fails the whole use case;
 * - after its commit (`announce(getDb(), ..., { isolate: true })`): the outcome stands, and a
 *   listener's failure is logged and skipped so the others still run.
 * Anything slow or external (an email) is enqueued as a job from the listener, never done inline.
 *
 * Each event names its fact and its listeners' answer. A module may add events here or by
 * declaration merging in its own code:
 *   declare module '@modules/shared/events.server' { interface DomainEvents { 'journey.completed': { fact: {...}; answer: void } } }
 */
export interface DomainEvents {
  /** activities: the last task of a my activity was completed (once per completion). */
  'myActivity.completed': {
    fact: { userId: number; myActivityId: number; sourceActivityId: number | null; journeyStepId: number | null; completedAt: Date };
    /** journeys: the journey this completion completed, reported back to the learner (learner-app s.7). */
    answer: { completedUserJourneyId?: number; completedJourneyId?: number };
  };
  /** identity: a user account was created (social welcomes them, decision 185). */
  'user.created': {
    fact: { userId: number; firstName: string; organisationId: number | null };
    answer: void;
  };
}

export type EventName = keyof DomainEvents;
export type FactOf<E extends EventName> = DomainEvents[E]['fact'];
export type AnswerOf<E extends EventName> = DomainEvents[E]['answer'];
export type Listener<E extends EventName> = (db: Db, fact: FactOf<E>) => Promise<AnswerOf<E> | void>;

const listeners = new Map<EventName, { owner: string; run: Listener<any> }[]>();

/**
 * Forgets every listener: the test set-up calls it after each file, so a listener a test added (one
 * that throws, say) never runs in the next file sharing the worker (decision 321).
 */
export function removeAllListeners() {
  listeners.clear();
}

/**
 * Registers a listener; `owner` names the module (one listener per owner and event: registering
 * again replaces it, so start-up may run twice). Returns a function that removes it.
 */
export function onEvent<E extends EventName>(event: E, owner: string, run: Listener<E>): () => void {
  const list = (listeners.get(event) ?? []).filter((l) => l.owner !== owner);
  const entry = { owner, run };
  list.push(entry);
  listeners.set(event, list);
  return () => {
    const now = listeners.get(event) ?? [];
    listeners.set(event, now.filter((l) => l !== entry));
  };
}

/** Announces a fact: every listener runs, in order, with the same db; answers come back in that order. */
export async function announce<E extends EventName>(db: Db, event: E, fact: FactOf<E>, opts: { isolate?: boolean } = {}): Promise<AnswerOf<E>[]> {
  const answers: AnswerOf<E>[] = [];
  for (const l of listeners.get(event) ?? []) {
    try {
      const answer = await l.run(db, fact);
      if (answer !== undefined) answers.push(answer as AnswerOf<E>);
    } catch (err) {
      if (!opts.isolate) throw err;
      logger().error({ err, event, listener: l.owner }, 'event listener failed');
    }
  }
  return answers;
}

/** Who listens to what (start-up log, tests). */
export function listenersOf(event: EventName): string[] {
  return (listeners.get(event) ?? []).map((l) => l.owner);
}
