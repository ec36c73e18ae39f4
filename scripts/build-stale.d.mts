export const BUILDS: Record<'apps/api' | 'apps/web', { output: string; sources: string[] }>;
export function buildIfStale(ws: 'apps/api' | 'apps/web', opts?: { quiet?: boolean }): boolean;
