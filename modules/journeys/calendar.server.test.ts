import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { getDb } from '@modules/shared/index.server';
import { getCurrentUser } from '@modules/identity/index.server';
import { DAY } from '@modules/shared/clock';
import { makeOrganisation, makeTeam, makeUser } from '../../tests/support/factories';
import { fixtureJourneysBeforeAll } from '../../tests/support/content';
import { journeyCalendar } from './calendar.server';
import { setTeamSchedule } from './team-schedule.server';

/** The iCal feed's text escaping (RFC 5545 3.3.11 and 3.1): a team name is free text an admin typed. */
fixtureJourneysBeforeAll();

describe('journeyCalendar text', () => {
  it('escapes backslash, semicolon, comma and every line break (a lone CR too), so free text cannot end a line or add a property', async () => {
    const organisationId = await makeOrganisation();
    const evil = 'Sales\rATTENDEE:mailto:x@evil.test\nX-A;B,C\\D\r\nE\u2028F\u0007G';
    const { teamId } = await makeTeam({ organisationId, name: evil });
    await setTeamSchedule(getDb(), teamId, [{ journeyId: 2, scheduledAt: new Date(Date.now() - 3 * DAY) }], null);
    const u = await makeUser({ organisationId, teams: [{ teamId }] });
    const feed = await journeyCalendar(getDb(), (await getCurrentUser(getDb(), u.userId))!, { baseUrl: 'https://leda.example' });

    // Every line ends with CRLF and no CR or LF stands anywhere else; lines are folded at 75 octets.
    expect(feed.endsWith('\r\n')).toBe(true);
    const lines = feed.slice(0, -2).split('\r\n');
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    const unfolded = feed.replace(/\r\n /g, '');
    expect(unfolded).not.toMatch(/\r\nATTENDEE/);
    expect(unfolded).toContain('SUMMARY:Giving feedback that lands (Sales\\nATTENDEE:mailto:x@evil.test\\nX-A\\;B\\,C\\\\D\\nE\\nFG)');

    // A real parser reads one event whose summary is the name with its line breaks as newlines.
    const cal = new ICAL.Component(ICAL.parse(feed));
    const events = cal.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    expect(events[0]!.getAllProperties('attendee')).toHaveLength(0);
    expect(new ICAL.Event(events[0]!).summary).toBe('Giving feedback that lands (Sales\nATTENDEE:mailto:x@evil.test\nX-A;B,C\\D\nE\nFG)');
  });
});
