import { formatShortDate } from '~/utils/dates';
import { Badge } from '~/components/ui';

/** Small cells shared by the admin editors' lists: dates as DD/MM/YY (admin-console s.9) and yes/no flags. */
export function formatAdminDate(iso: string) {
  return formatShortDate(iso);
}

export function YesNo({ value }: { value: boolean }) {
  return <Badge tone={value ? 'success' : 'neutral'}>{value ? 'Yes' : 'No'}</Badge>;
}
