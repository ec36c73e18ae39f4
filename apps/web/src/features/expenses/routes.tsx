// Expenses (001 §2 Expenses; issue 21 §2): the lists, detail, create and edit flows. They replace
// the Coming-soon entries for /expenses/* and /expense/* (feature routes are mounted first).
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (
  path: string,
  load: () => Promise<React.ComponentType>,
  action: 'get' | 'post' | 'put' = 'get',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="expenses">
          <RequirePermission resource="expenses" action={action}>
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

const list = async () => (await import('./screens/expenses-screen')).ExpensesScreen;
const form = async () => (await import('./screens/expense-form-screen')).ExpenseFormScreen;
const review = async () => (await import('./screens/expense-review-screen')).ExpenseReviewScreen;

export const dashboardRoutes: RouteObject[] = [
  page('/expenses', list),
  page('/expenses/:list', list),
  page('/expense/new-payment', form, 'post'),
  page('/expense/review-payment', review, 'post'),
  page('/expense/:ref', async () => (await import('./screens/expense-screen')).ExpenseScreen),
  page('/expense/:ref/edit', form, 'put'),
  page('/expense/:ref/edit/review', review, 'put'),
];
