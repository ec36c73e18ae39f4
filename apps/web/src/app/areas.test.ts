import { describe, expect, it } from 'vitest';
import { areaForPath, firstPermittedArea, makePaymentMenu, visibleSidebar } from './areas';

describe('sidebar visibility by permission (000 §2.5, §6)', () => {
  it("'*' shows all six groups with every entry, in the spec's order", () => {
    const groups = visibleSidebar('*');
    expect(groups.map((g) => g.key)).toEqual([
      'analytics',
      'paymentReports',
      'outward',
      'inward',
      'business',
      'configurations',
    ]);
    expect(groups[2].items).toEqual([
      'commissions',
      'disbursements',
      'payouts',
      'expenses',
      'cards',
      'payroll',
      'marketplace',
    ]);
    expect(groups[3].items).toEqual(['inflows', 'payment-invitations']);
  });

  it('Payment invitations sits under Inward Payments with the inflows view right only', () => {
    expect(visibleSidebar({ inflows: ['get'] })).toEqual([
      { key: 'inward', items: ['inflows', 'payment-invitations'] },
    ]);
    // Customers or partners alone open Invoices, not the invitations list.
    expect(visibleSidebar({ inflowsCustomers: ['get'] })).toEqual([{ key: 'inward', items: ['inflows'] }]);
    expect(visibleSidebar({ inflows: ['post'] })).toEqual([]);
    expect(areaForPath('/inflows/payment-invitations')?.key).toBe('payment-invitations');
    expect(areaForPath('/inflows/payment-invitationsx')?.key).toBe('inflows');
  });

  it('a group appears only when one of its items is visible', () => {
    const groups = visibleSidebar({ requests: ['get'], expenses: ['post'], payee: ['*'] });
    expect(groups).toEqual([
      { key: 'paymentReports', items: ['requests'] },
      { key: 'business', items: ['vendors'] },
    ]);
  });

  it('needs the view (get) permission, not another action', () => {
    expect(visibleSidebar({ payouts: ['post', 'put'] })).toEqual([]);
    expect(visibleSidebar(null)).toEqual([]);
  });

  it('first permitted area follows the sidebar order', () => {
    expect(firstPermittedArea({ roles: ['get'], transactions: ['get'] })?.path).toBe('/transactions');
    expect(firstPermittedArea({ insights: ['get'] })?.path).toBe('/dashboard');
    expect(firstPermittedArea({})).toBeNull();
  });

  it('titles pages by the longest matching prefix', () => {
    expect(areaForPath('/inflows/invoices/42')?.key).toBe('inflows');
    expect(areaForPath('/expense/new-payment')?.key).toBe('expenses');
    expect(areaForPath('/agent-insight')?.key).toBe('agent-insight');
    expect(areaForPath('/payoutsx')).toBeNull();
  });
});

describe('Make Payment menu (000 §6)', () => {
  const keys = (m: ReturnType<typeof makePaymentMenu>) => m.entries.map((e) => e.key);

  it('lists every entry for full access', () => {
    const m = makePaymentMenu('*', true);
    expect(m.enabled).toBe(true);
    expect(keys(m)).toEqual([
      'manualPayment',
      'createExpense',
      'createPayroll',
      'createInvoice',
      'requestBill',
      'massPayout',
    ]);
  });

  it('shows each create entry only with its post permission; bill request and mass payout always', () => {
    expect(keys(makePaymentMenu({ expenses: ['get', 'post'] }, true))).toEqual([
      'createExpense',
      'requestBill',
      'massPayout',
    ]);
    expect(keys(makePaymentMenu({ payrolls: ['*'], inflows: ['post'] }, true))).toEqual([
      'createPayroll',
      'createInvoice',
      'requestBill',
      'massPayout',
    ]);
    expect(keys(makePaymentMenu({ payouts: ['post'] }, true))).toEqual([
      'manualPayment',
      'requestBill',
      'massPayout',
    ]);
  });

  it('is disabled without a create right on payouts, expenses, payrolls or inflows, or without an account', () => {
    expect(makePaymentMenu({ payouts: ['get'], wallets: ['*'] }, true).enabled).toBe(false);
    expect(makePaymentMenu('*', false).enabled).toBe(false);
  });
});
