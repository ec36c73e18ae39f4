// Bulk disbursements (issue 23 §4): the list and its tabs, the upload, a batch and its validation.
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'disbursements', resource: 'disbursement' });

const list = async () => (await import('./screens/list-screen')).DisbursementsScreen;
const upload = async () => (await import('./screens/new-screen')).NewDisbursementScreen;
const result = async () => (await import('./screens/new-screen')).UploadResultScreen;
const detail = async () => (await import('./screens/detail-screen')).DisbursementScreen;
const validation = async () => (await import('./screens/validation-screen')).ValidationScreen;

export const dashboardRoutes: RouteObject[] = [
  route('/disbursements', list),
  route('/disbursements/new', upload, { action: 'post' }),
  route('/disbursements/new/summary', result, { action: 'post' }),
  route('/disbursements/new/error', result, { action: 'post' }),
  route('/disbursements/pending', list),
  route('/disbursements/rejected', list),
  route('/disbursements/active', list),
  route('/disbursements/:id', detail),
  route('/disbursements/:id/validation', validation),
];
