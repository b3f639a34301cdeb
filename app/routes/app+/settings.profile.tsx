import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { getDb } from '@modules/shared/index.server';
import { attempt, refusal, refusedReply } from '~/utils/domain-error.server';
import { changePassword, removeProfilePhoto, saveUserDetails, uploadProfilePhoto, MAX_PHOTO_BYTES } from '@modules/identity/index.server';
import { DetailsSection, PasswordSection, PhotoSection, type SettingsActionData } from '~/components/profile/settings-forms';
import { SettingsNav } from '~/components/profile/settings-nav';
import { passwordChangeSchema, profileDetailsSchema } from '~/utils/form-schemas.server';
import { formConstraint, readFormData } from '~/utils/form.server';
import { FocusOnMount } from '~/components/ui/focus';
import { appMeta } from '~/utils/meta';
import { readUploadedFiles } from '~/utils/upload.server';
import { getAuth, requireUser } from '~/utils/session.server';
import profileStyles from '~/styles/profile.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileStyles }];

export const meta = appMeta('Profile settings');

const PATH = '/app/settings/profile';
const SAVED = {
  details: 'Your details have been saved.',
  password: 'Your password has been changed. Any other devices signed in to your account have been signed out.',
  photo: 'Your photo has been updated.',
  'photo-removed': 'Your photo has been removed.',
} as const;
type Saved = keyof typeof SAVED;
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'];

/** /app/settings/profile: photo, details and password of the signed-in user (learner-app s.2, s.5). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const saved = url.searchParams.get('saved');
  return {
    user: {
      userId: user.userId,
      fullName: user.fullName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      jobTitle: user.jobTitle,
      phone: user.phone,
      bio: user.bio,
      profilePhotoBlobId: user.profilePhotoBlobId,
    },
    savedMessage: saved && saved in SAVED ? SAVED[saved as Saved] : null,
    /** Changes after each password change, so the password form starts empty again. */
    passwordFormKey: saved === 'password' ? (url.searchParams.get('at') ?? 'saved').slice(0, 20) : 'form',
    constraints: { details: formConstraint(profileDetailsSchema), password: formConstraint(passwordChangeSchema) },
  };
}

const done = (saved: Saved) => redirect(saved === 'password' ? `${PATH}?saved=password&at=${Date.now().toString(36)}` : `${PATH}?saved=${saved}`);
const photoError = (photoError: string) => data<SettingsActionData>({ form: 'photo', photoError }, { status: 400 });

/** Every write is the signed-in user's own: the forms carry no user id. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  if (/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
    let files: { bytes: Uint8Array }[];
    try {
      files = await readUploadedFiles(request, context, MAX_PHOTO_BYTES + 64 * 1024);
    } catch (error) {
      if (error instanceof Response) return photoError(error.status === 413 ? `The photo is too large (max ${MAX_PHOTO_BYTES / 1024 / 1024} MB).` : 'The upload could not be read.');
      throw error;
    }
    const photo = files.find((f) => f.bytes.byteLength > 0);
    if (!photo) return photoError('Choose a photo to upload.');
    const uploaded = await attempt(() => uploadProfilePhoto(getDb(), user.userId, photo.bytes));
    if (!uploaded.ok) return photoError(uploaded.error.message);
    throw done('photo');
  }

  const formData = await readFormData(request);
  const intent = formData.get('intent');
  if (intent === 'remove-photo') {
    await removeProfilePhoto(getDb(), user.userId);
    throw done('photo-removed');
  }
  if (intent === 'details') {
    const submission = parseWithZod(formData, { schema: profileDetailsSchema });
    if (submission.status !== 'success') return data<SettingsActionData>({ form: 'details', result: submission.reply() }, { status: 400 });
    const saved = await attempt(() => saveUserDetails(getDb(), user, submission.value));
    if (!saved.ok) return refusal<SettingsActionData>(saved.error, { form: 'details', result: refusedReply(submission, saved.error) });
    throw done('details');
  }
  if (intent === 'password') {
    const submission = parseWithZod(formData, { schema: passwordChangeSchema });
    if (submission.status !== 'success') {
      return data<SettingsActionData>({ form: 'password', result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
    }
    const auth = await getAuth(request, context);
    const { currentPassword, newPassword } = submission.value;
    const changed = await attempt(() => changePassword(getDb(), { userId: user.userId, sessionId: auth!.sessionId, currentPassword, newPassword }));
    if (!changed.ok) return refusal<SettingsActionData>(changed.error, { form: 'password', result: refusedReply(submission, changed.error, { hideFields: PASSWORD_FIELDS }) });
    throw done('password');
  }
  return new Response('Unknown form.', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export default function ProfileSettings() {
  const { user, savedMessage, passwordFormKey, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  return (
    <section className="page settings-page">
      <h1>Settings</h1>
      <SettingsNav />
      {savedMessage && !actionData ? (
        <FocusOnMount>
          <p className="notice" role="status">
            {savedMessage}
          </p>
        </FocusOnMount>
      ) : null}
      <PhotoSection user={user} error={actionData?.form === 'photo' ? actionData.photoError : null} />
      <DetailsSection user={user} constraint={constraints.details} lastResult={actionData?.form === 'details' ? actionData.result : null} />
      <PasswordSection key={passwordFormKey} resetKey={passwordFormKey} constraint={constraints.password} lastResult={actionData?.form === 'password' ? actionData.result : null} />
    </section>
  );
}
