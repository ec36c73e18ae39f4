// Expenses (001 §2 Expenses; issue 21 §2): the lists, detail, create and edit flows. They replace
// the Coming-soon entries for /expenses/* and /expense/* (feature routes are mounted first).
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'expenses', resource: 'expenses' });

const list = async () => (await import('./screens/expenses-screen')).ExpensesScreen;
const form = async () => (await import('./screens/expense-form-screen')).ExpenseFormScreen;
const review = async () => (await import('./screens/expense-review-screen')).ExpenseReviewScreen;

export const dashboardRoutes: RouteObject[] = [
  route('/expenses', list),
  route('/expenses/:list', list),
  route('/expense/new-payment', form, { action: 'post' }),
  route('/expense/review-payment', review, { action: 'post' }),
  route('/expense/:ref', async () => (await import('./screens/expense-screen')).ExpenseScreen),
  route('/expense/:ref/edit', form, { action: 'put' }),
  route('/expense/:ref/edit/review', review, { action: 'put' }),
];
