import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LicenseType } from '@modules/identity/schemas';
import { INACTIVITY_CHECK_MS, INACTIVITY_RELOAD_MS, watchInactivity } from './inactivity-reload';
import * as AppLayout from '../../routes/app';
import { args, getRequest, runData } from '../../../tests/support/remix';
import { makeOrganisation, makeTeam, makeUser, signIn } from '../../../tests/support/factories';

/** The app home's 360-minute inactivity reload: the watch itself (fake clock) and where it runs. */
describe('watchInactivity', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const fakeWindow = () => Object.assign(new EventTarget(), { location: { reload: vi.fn() } });

  it('reloads once after 360 minutes without activity, checked every 10 s', () => {
    const win = fakeWindow();
    const stop = watchInactivity(win);
    vi.advanceTimersByTime(INACTIVITY_RELOAD_MS - INACTIVITY_CHECK_MS);
    expect(win.location.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(INACTIVITY_CHECK_MS);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(INACTIVITY_RELOAD_MS);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a click, key, touch, scroll or mouse move starts the 360 minutes again', () => {
    for (const type of ['click', 'keydown', 'touchstart', 'scroll', 'mousemove']) {
      const win = fakeWindow();
      const stop = watchInactivity(win);
      vi.advanceTimersByTime(300 * 60_000);
      win.dispatchEvent(new Event(type));
      vi.advanceTimersByTime(300 * 60_000);
      expect(win.location.reload, type).not.toHaveBeenCalled();
      vi.advanceTimersByTime(61 * 60_000);
      expect(win.location.reload, type).toHaveBeenCalledTimes(1);
      stop();
    }
  });

  it('stops listening and checking when the home page is left', () => {
    const win = fakeWindow();
    watchInactivity(win)();
    vi.advanceTimersByTime(2 * INACTIVITY_RELOAD_MS);
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});

describe('the app layout runs it on the learner’s home', () => {
  it('the team list for a full licence, the stories for a student licence', async () => {
    const full = await makeTeam();
    const member = await makeUser({ organisationId: full.organisationId, teams: [{ teamId: full.teamId }] });
    const studentOrg = await makeOrganisation({ licenseType: LicenseType.Student });
    const student = await makeUser({ organisationId: studentOrg });
    const homeOf = async (userId: number) => {
      const { cookie } = await signIn(userId);
      return (await runData(() => AppLayout.loader(args(getRequest('/app/profile', { cookie })) as never))).data.homePath;
    };
    expect(await homeOf(member.userId)).toBe('/app/home');
    expect(await homeOf(student.userId)).toBe('/app/explore/story');
  });
});
