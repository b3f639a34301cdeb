import type { AppLoadContext } from '@remix-run/node';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from '@remix-run/node';
import { getDb } from '@modules/shared/index.server';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, isPasswordTokenUsable, LINK_EXPIRED_MESSAGE, setPasswordWithToken } from '@modules/identity/index.server';
import { newPasswordSchema } from '@modules/identity/schemas';
import type { NewPasswordActionData, NewPasswordLoaderData } from '~/components/new-password-form';
import { requireAnonymous } from '../../utils/session.server';
import { formConstraint, readFormData } from '../../utils/form.server';
import { attempt } from '../../utils/domain-error.server';

/**
 * Loader and action shared by /auth/password-reset/{token} and /auth/password-create/{token}:
 * they differ only in the kind of link (purpose) and the title.
 */
type Purpose = 'password-reset' | 'password-create';

const expired = () => ({ result: null, expiredMessage: LINK_EXPIRED_MESSAGE }) satisfies NewPasswordActionData;

/** Shows the form only for a live link: a used, expired or unknown token gets the message (410). */
export async function newPasswordLoader(request: Request, context: AppLoadContext, token: string | undefined, purpose: Purpose) {
  await requireAnonymous(request, context);
  if (token && (await isPasswordTokenUsable(getDb(), token, purpose))) {
    return data<NewPasswordLoaderData>({ expiredMessage: null, constraint: formConstraint(newPasswordSchema) });
  }
  return data<NewPasswordLoaderData>({ expiredMessage: LINK_EXPIRED_MESSAGE }, { status: 410 });
}

/**
 * Sets the password (the token is used up atomically; a link used meanwhile in another tab
 * gets the expired message), ends every other session and signs the user in with a new one.
 */
export async function newPasswordAction(request: Request, context: AppLoadContext, token: string | undefined, purpose: Purpose) {
  await requireAnonymous(request, context);
  const submission = parseWithZod(await readFormData(request), { schema: newPasswordSchema });
  if (submission.status !== 'success') {
    const result = submission.reply({ hideFields: ['password', 'confirmPassword'] });
    return data<NewPasswordActionData>({ result, expiredMessage: null }, { status: 400 });
  }
  if (isCommonPassword(submission.value.password)) {
    const result = submission.reply({ fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] }, hideFields: ['password', 'confirmPassword'] });
    return data<NewPasswordActionData>({ result, expiredMessage: null }, { status: 400 });
  }
  if (!token) return data<NewPasswordActionData>(expired(), { status: 410 });
  const set = await attempt(() => setPasswordWithToken(getDb(), { token, password: submission.value.password, purpose }));
  if (!set.ok) {
    if (set.error.code === 'gone') return data<NewPasswordActionData>(expired(), { status: 410 });
    throw set.error;
  }
  const outcome = set.value;
  if (outcome.status === 'locked') throw redirect('/license-expired');
  throw redirect(outcome.homePath, { headers: { 'Set-Cookie': outcome.setCookie } });
}
