import { describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../app/test-utils';
import { ALL_SUBSIDIARIES, selectSubsidiary } from './session';
import { store } from './store';

const SUB = '33333333-3333-4333-8333-333333333333';

describe('subsidiary selector switch (000 §4.10, 001 §7 manage-access)', () => {
  it('asks the server first, then stores the choice and reloads', async () => {
    const { calls } = mockFetch({
      'PUT /api/expense-subsidiary/manage-access/active': ok({ subsidiaryId: SUB, name: 'Lagos' }),
      'DELETE /api/expense-subsidiary/manage-access/deactivate': ok({ subsidiaryId: null, name: 'All' }),
    });
    const reload = vi.fn();
    await selectSubsidiary(SUB, reload);
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { subsidiaryId: SUB } });
    expect(store.get().staff.subsidiaryId).toBe(SUB);
    expect(reload).toHaveBeenCalledTimes(1);
    await selectSubsidiary(ALL_SUBSIDIARIES, reload);
    expect(calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: '/api/expense-subsidiary/manage-access/deactivate',
    });
    expect(store.get().staff.subsidiaryId).toBe(ALL_SUBSIDIARIES);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps the current choice and does not reload when the server refuses', async () => {
    store.set({ staff: { ...store.get().staff, subsidiaryId: null } });
    mockFetch({
      'PUT /api/expense-subsidiary/manage-access/active': fail(
        403,
        'forbidden',
        'You do not have access to this subsidiary',
      ),
    });
    const reload = vi.fn();
    await selectSubsidiary(SUB, reload);
    expect(store.get().staff.subsidiaryId).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
