/** A `datetime-local` value (the viewer's time) as ISO, or null when empty. */
export const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

/** An ISO date as a `datetime-local` value in the viewer's time zone. */
export function localOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
