export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** Forget a readable cookie (the CSRF cookie after a forced logout). */
export function expireCookie(name: string) {
  if (typeof document !== 'undefined') document.cookie = `${name}=; Max-Age=0; path=/`;
}
