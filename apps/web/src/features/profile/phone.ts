/** A stored Nigerian number shown after the +234 prefix of <PhoneInput>: '+2348031234567' -> '8031234567'. */
export function phoneForInput(phone: string | null | undefined) {
  if (!phone) return '';
  const s = phone.replace(/[\s-]/g, '');
  if (s.startsWith('+234')) return s.slice(4);
  if (s.startsWith('234') && s.length === 13) return s.slice(3);
  if (/^0[789]/.test(s)) return s.slice(1);
  return s;
}
