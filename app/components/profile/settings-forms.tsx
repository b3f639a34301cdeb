import type { SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import type { z } from 'zod';
import type { passwordChangeSchema, profileDetailsSchema } from '@modules/identity/schemas';
import { ErrorList, Field, FormError, LedaForm, TextAreaField, useLedaForm, type FormConstraint } from '../forms';
import { Avatar } from './avatar';
import { useUnsavedChanges } from './unsaved-changes';

/**
 * /app/settings/profile's three forms (learner-app s.2, s.5): photo, details, password. Each is a
 * plain HTML form that posts to the page's action (JavaScript off works); with JavaScript its save
 * button waits for an unsaved change.
 */
export interface SettingsUser {
  userId: number;
  fullName: string;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string | null;
  phone: string | null;
  bio: string | null;
  profilePhotoBlobId: string | null;
}

export type SettingsActionData =
  | { form: 'details'; result: SubmissionResult<string[]> }
  | { form: 'password'; result: SubmissionResult<string[]> }
  | { form: 'photo'; photoError: string };

const PHOTO_ERROR_ID = 'profile-photo-error';

export function PhotoSection({ user, error }: { user: SettingsUser; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/app/settings/profile') === true;
  const unsaved = useUnsavedChanges({ files: '' });
  return (
    <section className="profile-card settings-section" aria-labelledby="settings-photo">
      <h2 id="settings-photo">Photo</h2>
      <div className="settings-photo">
        <Avatar user={user} size="large" />
        <div>
          <Form method="post" encType="multipart/form-data" ref={unsaved.ref} onChange={unsaved.check} className="settings-photo-form">
            <div className="field">
              <label htmlFor="profile-photo">Choose a photo</label>
              <p className="field-hint" id="profile-photo-hint">
                A .png, .jpg or .jpeg image, up to 10 MB. It is cropped to a square.
              </p>
              <input
                id="profile-photo"
                type="file"
                name="files"
                accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                aria-describedby={error ? `profile-photo-hint ${PHOTO_ERROR_ID}` : 'profile-photo-hint'}
                aria-invalid={error ? true : undefined}
                autoFocus={error ? true : undefined}
              />
              <ErrorList id={PHOTO_ERROR_ID} errors={error ? [error] : null} />
            </div>
            <button type="submit" className="button primary" disabled={unsaved.disabled || busy}>
              Upload photo
            </button>
          </Form>
          {user.profilePhotoBlobId ? (
            <Form method="post" className="settings-photo-remove">
              <input type="hidden" name="intent" value="remove-photo" />
              <button type="submit" className="button danger">
                Remove photo
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </section>
  );
}

export function DetailsSection({ user, constraint, lastResult }: { user: SettingsUser; constraint: FormConstraint; lastResult: SubmissionResult<string[]> | null }) {
  const saved = { firstName: user.firstName, lastName: user.lastName, jobTitle: user.jobTitle ?? '', phone: user.phone ?? '', bio: user.bio ?? '' };
  const [form, fields] = useLedaForm<z.input<typeof profileDetailsSchema>>({ id: 'profile-details', lastResult, constraint, defaultValue: saved });
  const unsaved = useUnsavedChanges(saved);
  return (
    <section className="profile-card settings-section" aria-labelledby="settings-details">
      <h2 id="settings-details">Details</h2>
      <div ref={unsaved.ref} onInput={unsaved.check} onChange={unsaved.check}>
      <LedaForm form={form} method="post">
        <input type="hidden" name="intent" value="details" />
        <FormError id={form.errorId} errors={form.errors} />
        <div className="settings-row">
          <Field label="First name" meta={fields.firstName} autoComplete="given-name" />
          <Field label="Last name" meta={fields.lastName} autoComplete="family-name" />
        </div>
        <Field label="Job title (optional)" meta={fields.jobTitle} autoComplete="organization-title" />
        <Field label="Mobile phone (optional)" meta={fields.phone} type="tel" autoComplete="tel" hint="A mobile number, e.g. 0412 345 678 or +44 7911 123456." />
        <TextAreaField label="Bio (optional)" meta={fields.bio} rows={6} />
        <p className="settings-email">
          Email: <strong>{user.email}</strong>
        </p>
        <button type="submit" className="button primary" disabled={unsaved.disabled}>
          Save details
        </button>
      </LedaForm>
      </div>
    </section>
  );
}

export function PasswordSection({ constraint, lastResult, resetKey }: { constraint: FormConstraint; lastResult: SubmissionResult<string[]> | null; resetKey: string }) {
  const [form, fields] = useLedaForm<z.input<typeof passwordChangeSchema>>({ id: `profile-password-${resetKey}`, lastResult, constraint });
  const unsaved = useUnsavedChanges({ currentPassword: '', newPassword: '', confirmPassword: '' });
  return (
    <section className="profile-card settings-section" aria-labelledby="settings-password">
      <h2 id="settings-password">Password</h2>
      <div ref={unsaved.ref} onInput={unsaved.check} onChange={unsaved.check}>
      <LedaForm form={form} method="post">
        <input type="hidden" name="intent" value="password" />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Current password" meta={fields.currentPassword} type="password" autoComplete="current-password" />
        <Field label="New password" meta={fields.newPassword} type="password" autoComplete="new-password" hint="Between 8 and 64 characters." />
        <Field label="Confirm new password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
        <p className="field-hint">Changing your password signs you out on every other device.</p>
        <button type="submit" className="button primary" disabled={unsaved.disabled}>
          Change password
        </button>
      </LedaForm>
      </div>
    </section>
  );
}
