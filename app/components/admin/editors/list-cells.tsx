/** Small cells shared by the admin editors' lists: dates as DD/MM/YY (admin-console s.9) and yes/no flags. */
export function formatAdminDate(iso: string) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${String(d.getUTCFullYear()).slice(2)}`;
}

export function YesNo({ value }: { value: boolean }) {
  return <span className={value ? 'flag-yes' : 'flag-no'}>{value ? 'Yes' : 'No'}</span>;
}
