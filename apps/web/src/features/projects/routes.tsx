// Projects (001 §2 Projects; issue 21 §3). They replace the Coming-soon entry for /projects/*.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (path: string, load: () => Promise<React.ComponentType>): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="projects">
          <RequirePermission resource="projects">
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

const list = async () => (await import('./screens/projects-screen')).ProjectsScreen;

export const dashboardRoutes: RouteObject[] = [
  page('/projects', list),
  page('/projects/completed', list),
  page('/projects/:id', async () => (await import('./screens/project-screen')).ProjectScreen),
];
