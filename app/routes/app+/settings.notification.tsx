import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link } from '~/components/link';
import { getDb } from '@modules/shared/index.server';
import {
  formToSettings,
  getUserSettings,
  hasStoredTimeZone,
  notificationFormSchema,
  resetUserSettings,
  saveUserSettings,
  timeZones,
  type CurrentUser,
} from '@modules/identity/index.server';
import { SettingsNav } from '~/components/profile/settings-nav';
import { NotificationSettingsForm } from '~/components/settings/notification-settings-form';
import { ResetSettingsConfirm } from '~/components/settings/reset-settings-confirm';
import { isFeatureOn } from '~/utils/features';
import { formConstraint, readFormData } from '~/utils/form.server';
import { FocusOnMount } from '~/components/ui/focus';
import { appMeta } from '~/utils/meta';
import { requireUser } from '~/utils/session.server';
import profileStyles from '~/styles/profile.css';
import settingsStyles from '~/styles/notification-settings.css';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: profileStyles },
  { rel: 'stylesheet', href: settingsStyles },
];
export const meta = appMeta('Notification settings');

const PATH = '/app/settings/notification';
const MESSAGES = { saved: 'Your notification settings are saved.', reset: 'Your notification settings are back to their defaults.' } as const;

/** What the page shows: journey reminders while their feature is on (learner-app 6), the digest to team admins. */
const shownFor = (user: CurrentUser) => ({
  journey: isFeatureOn('journeyReminders'),
  digest: user.userPermissions.teams.some((t) => t.isTeamAdmin),
});

/** /app/settings/notification: email reminders, Leda updates and the time zone of the signed-in user. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const db = getDb();
  const url = new URL(request.url);
  const [s, zoneStored] = await Promise.all([getUserSettings(db, user.userId), hasStoredTimeZone(db, user.userId)]);
  const done = url.searchParams.get('done');
  const shown = shownFor(user);
  return {
    values: {
      activitiesEnabled: s.EMAIL_ACTIVITIES_REMINDER_ENABLED === 'true',
      activitiesDays: [...s.EMAIL_ACTIVITIES_REMINDER_DAYS],
      activitiesTime: s.EMAIL_ACTIVITIES_REMINDER_TIME,
      journeyEnabled: s.EMAIL_JOURNEY_REMINDER_ENABLED === 'true',
      journeyTime: s.EMAIL_JOURNEY_REMINDER_TIME,
      updatesEnabled: s.EMAIL_LEDA_UPDATES_ENABLED === 'true',
      digestEnabled: s.EMAIL_TEAM_DIGEST_ENABLED === 'true',
      timeZone: s.TIME_ZONE,
    },
    zoneStored,
    timeZones: timeZones(),
    showJourney: shown.journey,
    showDigest: shown.digest,
    confirmReset: url.searchParams.get('confirm') === 'reset',
    message: done === 'saved' || done === 'reset' ? MESSAGES[done] : null,
    constraint: formConstraint(notificationFormSchema),
  };
}

/** Saves the form, or (after the confirm step) resets every notification setting; always the signed-in user's own. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  const intent = form.get('intent');
  if (intent === 'reset') {
    await resetUserSettings(getDb(), user.userId);
    return redirect(`${PATH}?done=reset`);
  }
  const submission = parseWithZod(form, { schema: notificationFormSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  await saveUserSettings(getDb(), user.userId, formToSettings(submission.value, shownFor(user)));
  return redirect(`${PATH}?done=saved`);
}

export default function NotificationSettings() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  return (
    <section className="page settings-page">
      <h1>Settings</h1>
      <SettingsNav />
      <h2>Notification settings</h2>
      <p>Choose which emails Leda sends you and when. Times are in your time zone.</p>
      {page.message ? (
        <FocusOnMount>
          <p className="notice" role="status">
            {page.message}
          </p>
        </FocusOnMount>
      ) : null}
      <NotificationSettingsForm
        key={JSON.stringify(page.values)}
        values={page.values}
        zoneStored={page.zoneStored}
        timeZones={page.timeZones}
        showJourney={page.showJourney}
        showDigest={page.showDigest}
        constraint={page.constraint}
        lastResult={actionData?.result}
        submitting={submitting}
      />
      <section className="settings-section reset-settings" aria-labelledby="reset-heading">
        <h2 id="reset-heading">Reset</h2>
        {page.confirmReset ? (
          <ResetSettingsConfirm cancelTo={PATH} />
        ) : (
          <>
            <p>Put every notification setting back to its default: the activities reminder on Mondays at 7:00 am.</p>
            <Link className="button" to="?confirm=reset" preventScrollReset>
              Reset all settings
            </Link>
          </>
        )}
      </section>
    </section>
  );
}
