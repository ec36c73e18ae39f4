// Test support (not shipped behaviour): a rails port made of the sandbox's pure functions, used
// when the app under test has no adapter registered yet; counts name lookups.
import type { TestApp } from '../../../test/helpers';
import { railsOf } from '../../rails';
import type { RailsPort } from '../../rails/port';
import { sandboxFxRate, sandboxListBanks, sandboxResolveAccount } from '../../rails/sandbox/resolve';

export function withLookupCounter(t: TestApp): { lookups: () => number } {
  let base: RailsPort;
  try {
    base = railsOf(t.app.deps);
  } catch {
    const notHere = async (): Promise<never> => {
      throw new Error('not available in this test');
    };
    base = {
      name: 'sandbox-test',
      listBanks: async () => sandboxListBanks(),
      resolveAccount: async (n, c) => sandboxResolveAccount(n, c),
      createTransfer: notHere,
      getTransfer: notHere,
      getCharge: notHere,
      createVirtualAccount: notHere,
      fxRate: async (from, to) => sandboxFxRate(t.config, from, to),
      verifyWebhook: () => false,
      parseWebhook: () => null,
    };
  }
  let count = 0;
  const counted: RailsPort = Object.assign(Object.create(base) as RailsPort, {
    resolveAccount: async (n: string, c: string) => {
      count++;
      return base.resolveAccount(n, c);
    },
  });
  t.app.deps.seams.provide('rails', counted);
  return { lookups: () => count };
}
