// DD/MM/YYYY on screen (000 §5), ISO YYYY-MM-DD to the API. Pure, so the parsing is unit-tested.

/** 'DD/MM/YYYY' -> 'YYYY-MM-DD'; '' for anything that is not a real calendar date. */
export function parseDisplayDate(v: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
  if (!m) return '';
  const [, d, mo, y] = m;
  const iso = `${y}-${mo}-${d}`;
  const dt = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(dt.getTime()) && dt.toISOString().slice(0, 10) === iso ? iso : '';
}

/** 'YYYY-MM-DD' (or a full ISO timestamp) -> 'DD/MM/YYYY'; '' when it is not one. */
export function isoToDisplay(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/**
 * What the field shows while the user types: digits only, slashes put in after the day and the
 * month, at most 8 digits. A pasted '2024-03-05' or '5/3/2024' is understood too.
 */
export function maskDateTyping(raw: string): string {
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(raw);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const loose = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(raw);
  if (loose) return `${loose[1].padStart(2, '0')}/${loose[2].padStart(2, '0')}/${loose[3]}`;
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits + (raw.endsWith('/') && digits.length === 2 ? '/' : '');
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * The value a date field hands its form: the ISO date when the text is a real date, '' when the
 * field is empty, and otherwise the text itself, so the form's own schema (which expects ISO)
 * refuses it with that field's message.
 */
export function dateFieldValue(text: string): string {
  if (!text.trim()) return '';
  return parseDisplayDate(text) || text;
}
