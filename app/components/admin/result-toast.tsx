import { Toast } from '~/components/ui';

/** An admin action's answer ({ ok, message }) as the design system's status message: success, or an alert. */
export function ResultToast({ result }: { result: { ok: boolean; message?: string | null } | null | undefined }) {
  if (!result?.message) return null;
  return <Toast tone={result.ok ? 'success' : 'danger'}>{result.message}</Toast>;
}
