import type { AppDeps } from '../platform/deps';
import type { RailsPort } from './port';

/** The rails adapter of this app (set by the money module at registration from RAILS_PROVIDER). */
export function railsOf(deps: Pick<AppDeps, 'seams'>): RailsPort {
  const rails = deps.seams.maybe('rails');
  if (!rails) throw new Error('rails adapter not registered');
  return rails;
}
