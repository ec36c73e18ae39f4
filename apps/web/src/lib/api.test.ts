import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { api, ApiError, setApiHooks } from './api';
import { store } from './store';

type Reply = { status: number; body: unknown };
function mock(replies: Record<string, Reply | Reply[]>) {
  const calls: { method: string; path: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      calls.push({
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        headers: init.headers as Record<string, string>,
      });
      const r = replies[key];
      const reply = Array.isArray(r) ? r.shift()! : r;
      return new Response(JSON.stringify(reply?.body ?? {}), { status: reply?.status ?? 404 });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  store.reset();
  document.cookie = 'owo_csrf=; Max-Age=0; path=/';
});

describe('api client', () => {
  it('sends account, subsidiary and CSRF headers, and unwraps the envelope', async () => {
    document.cookie = 'owo_csrf=tok123; path=/';
    store.set({ staff: { ...store.get().staff, accountId: 'acc-1', subsidiaryId: 'sub-9' } });
    const calls = mock({
      'POST /api/payouts': {
        status: 201,
        body: { status: 'success', message: 'Created', data: { id: 'p1' } },
      },
    });
    const res = await api.post<{ id: string }>('/payouts', { amount: '10.00' });
    expect(res).toMatchObject({ status: 'success', message: 'Created', data: { id: 'p1' } });
    expect(calls[0].headers).toMatchObject({
      'x-account-id': 'acc-1',
      'x-subsidiary-id': 'sub-9',
      'x-csrf-token': 'tok123',
    });
  });

  it('does not send the CSRF token on GET and builds the query string', async () => {
    document.cookie = 'owo_csrf=tok123; path=/';
    const calls = mock({
      'GET /api/payouts': { status: 200, body: { status: 'success', message: 'OK', data: [] } },
    });
    await api.get('/payouts', { query: { page: 2, search: '', limit: 20 } });
    expect(calls[0].path).toBe('/api/payouts?page=2&limit=20');
    expect(calls[0].headers['x-csrf-token']).toBeUndefined();
  });

  it('sends the CSRF token on a GET the spec defines as an action (resend, reminder, retry)', async () => {
    document.cookie = 'owo_csrf=tok123; path=/';
    const calls = mock({
      'GET /api/invitations/i1/resend': {
        status: 200,
        body: { status: 'success', message: 'OK', data: null },
      },
    });
    await api.action('/invitations/i1/resend');
    expect(calls[0].method).toBe('GET');
    expect(calls[0].headers['x-csrf-token']).toBe('tok123');
  });

  it('throws ApiError with the field errors of a validation-error', async () => {
    mock({
      'POST /api/things': {
        status: 400,
        body: {
          status: 'validation-error',
          message: 'Invalid input',
          errors: { name: ['Name is required'] },
        },
      },
    });
    const err = await api.post('/things', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      httpStatus: 400,
      status: 'validation-error',
      message: 'Invalid input',
      errors: { name: ['Name is required'] },
    });
  });

  it('on 401 unauthorized refreshes once through /auth/validate and retries', async () => {
    const calls = mock({
      'GET /api/me/accounts': [
        { status: 401, body: { status: 'unauthorized', message: 'Access token expired' } },
        { status: 200, body: { status: 'success', message: 'OK', data: [1] } },
      ],
      'GET /api/auth/validate': {
        status: 200,
        body: { status: 'success', message: 'Session refreshed', data: {} },
      },
    });
    const res = await api.get<number[]>('/me/accounts');
    expect(res.data).toEqual([1]);
    expect(calls.map((c) => c.path)).toEqual(['/api/me/accounts', '/api/auth/validate', '/api/me/accounts']);
  });

  it('logs out all three sessions when the refresh fails', async () => {
    store.set({
      staff: { ...store.get().staff, user: { id: 'u', email: 'a@b.ng', verified: true, _2fa: false } },
      customer: { email: 'c@d.ng', currentCustomerProfile: null, allCustomerProfiles: [] },
    });
    const onLoggedOut = vi.fn();
    setApiHooks({ onLoggedOut });
    mock({
      'GET /api/me/accounts': {
        status: 401,
        body: { status: 'unauthorized', message: 'Access token expired' },
      },
      'GET /api/auth/validate': {
        status: 401,
        body: { status: 'session-expired', message: 'Session has expired' },
      },
    });
    await expect(api.get('/me/accounts')).rejects.toThrow('Access token expired');
    expect(store.get().staff.user).toBeNull();
    expect(store.get().customer.email).toBeNull();
    expect(onLoggedOut).toHaveBeenCalledWith('all');
  });

  it('logs out only the customer session on customer-token-expired', async () => {
    store.set({
      staff: { ...store.get().staff, user: { id: 'u', email: 'a@b.ng', verified: true, _2fa: false } },
      customer: { email: 'c@d.ng', currentCustomerProfile: null, allCustomerProfiles: [] },
    });
    mock({
      'GET /api/customer/invoices': {
        status: 401,
        body: { status: 'customer-token-expired', message: 'Expired' },
      },
    });
    await expect(api.get('/customer/invoices')).rejects.toThrow();
    expect(store.get().customer.email).toBeNull();
    expect(store.get().staff.user).not.toBeNull();
  });

  it('403 calls the Access Forbidden hook with the server message; 500 toasts it', async () => {
    const onForbidden = vi.fn();
    setApiHooks({ onForbidden });
    const show = vi.spyOn(notifications, 'show');
    mock({
      'GET /api/a': { status: 403, body: { status: 'forbidden', message: 'You do not have permission' } },
      'GET /api/b': { status: 500, body: { status: 'error', message: 'Something broke on our side' } },
    });
    await expect(api.get('/a')).rejects.toThrow('You do not have permission');
    expect(onForbidden).toHaveBeenCalledWith('You do not have permission');
    await expect(api.get('/b')).rejects.toThrow('Something broke on our side');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Something broke on our side', color: 'red' }),
    );
  });
});
