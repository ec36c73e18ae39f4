// Projects (001 §2 Projects; issue 21 §3). They replace the Coming-soon entry for /projects/*.
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'projects', resource: 'projects' });

const list = async () => (await import('./screens/projects-screen')).ProjectsScreen;

export const dashboardRoutes: RouteObject[] = [
  route('/projects', list),
  route('/projects/completed', list),
  route('/projects/:id', async () => (await import('./screens/project-screen')).ProjectScreen),
];
