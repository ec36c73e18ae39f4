import type { AppDeps } from '../../platform/deps';
import { vaultFor } from '../../platform/vault';
import { createNotification } from '../notifications';
import { saveKybStep } from './kyb';

/** Demo company: KYB company info and contacts filled (steps 1 and 3 need the BVN in between), two notifications. */
export async function seedAccountsDemo(deps: AppDeps, ctx: { accountId: string; ownerId: string }) {
  const base = { accountId: ctx.accountId, userId: ctx.ownerId, vault: vaultFor(deps.config) };
  await saveKybStep(deps.db, {
    ...base,
    step: 'info',
    body: {
      legalName: 'Adaeze Foods Limited',
      tradingName: 'Adaeze Foods',
      registrationType: 'RC',
      registrationNumber: 'RC1234567',
      incorporationDate: '2016-03-14',
      industry: 'Food and Beverage',
      tin: '12345678-0001',
      website: null,
      description: 'Packaged Nigerian foods for retailers in Lagos and Abuja.',
    },
  });
  await saveKybStep(deps.db, { ...base, step: 'bvn', body: { bvn: '22212345678' } });
  await saveKybStep(deps.db, {
    ...base,
    step: 'contact',
    body: {
      email: 'finance@adaezefoods.ng',
      phone: '+2348031234567',
      address: '12 Adeola Odeku Street, Victoria Island',
      city: 'Lagos',
      state: 'Lagos',
      country: 'NG',
    },
  });
  await createNotification(deps.db, {
    accountId: ctx.accountId,
    topic: 'Welcome',
    kind: 'announcement',
    value: 'Welcome to Owo! Finish your account setup to start paying vendors and staff.',
    userIds: [ctx.ownerId],
  });
  await createNotification(deps.db, {
    accountId: ctx.accountId,
    topic: 'Security',
    value: 'Protect your account: turn on two-factor authentication in Settings.',
    userIds: [ctx.ownerId],
  });
}
