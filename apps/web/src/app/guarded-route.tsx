// The one way a feature routes a screen (STYLE §8): lazily loaded, behind its area's view guard
// (rule 6, Access Forbidden for an area the member cannot see) and a permission on a resource.
// Every features/<area>/routes.tsx uses it; kit-usage.test.ts refuses a local `page()` copy.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Action, Resource } from '@owo/contract/permissions';
import type { AreaKey } from './areas';
import { AreaGuard, RequirePermission } from './guards/guards';

export type RouteGuard = {
  /** The area whose view permission the page needs; `null` for none (full-screen flows). */
  area?: AreaKey | null;
  /** The resource the page needs a grant on; omitted, no permission check. */
  resource?: Resource;
  /** The grant needed on `resource`; `get` unless said. */
  action?: Action;
};

export type ScreenLoader = () => Promise<ComponentType>;

/** `path` shows the screen `load` resolves to, behind `guard`'s area and permission checks. */
export function guardedRoute(path: string, load: ScreenLoader, guard: RouteGuard = {}): RouteObject {
  return {
    path,
    lazy: async () => {
      const Screen = await load();
      let element = <Screen />;
      if (guard.resource)
        element = (
          <RequirePermission resource={guard.resource} action={guard.action ?? 'get'}>
            {element}
          </RequirePermission>
        );
      if (guard.area) element = <AreaGuard area={guard.area}>{element}</AreaGuard>;
      return { element };
    },
  };
}

/**
 * An area's guard bound once: `const route = guardedRoutes({ area: 'payouts', resource: 'payouts' })`,
 * then `route('/payouts', list)` or `route('/payout/direct', load, { action: 'post' })`.
 */
export const guardedRoutes =
  (defaults: RouteGuard) =>
  (path: string, load: ScreenLoader, guard: RouteGuard = {}): RouteObject =>
    guardedRoute(path, load, { ...defaults, ...guard });
