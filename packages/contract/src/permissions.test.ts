import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLES,
  intersectResources,
  mayActOn,
  rightsBeyond,
  withinRights,
  type Resources,
} from './permissions';

const role = (slug: string) => BUILT_IN_ROLES.find((r) => r.slug === slug)!.resources;
const dev: Resources = { developer: ['*'], developerWebhooks: ['get'] };

describe('rights of an API key (issue 34 §2)', () => {
  it('a role is within its creator’s rights only when every permission of it is held', () => {
    expect(withinRights('*', role('admin'))).toBe(true);
    expect(withinRights(dev, role('admin'))).toBe(false);
    expect(withinRights(dev, { developer: ['get', 'post'] })).toBe(true);
    expect(withinRights(role('accountant'), role('member'))).toBe(false); // member may post requests
    expect(rightsBeyond(dev, { developer: ['get'], wallets: ['get'] })).toEqual([
      { resource: 'wallets', action: 'get' },
    ]);
  });

  it('acts with the intersection of its role and its creator’s role', () => {
    expect(intersectResources('*', '*')).toBe('*');
    expect(intersectResources('*', dev)).toEqual(dev);
    expect(intersectResources(role('admin'), role('member'))).toEqual(role('member'));
    expect(intersectResources(dev, { developer: ['get'], wallets: ['*'] })).toEqual({ developer: ['get'] });
    expect(intersectResources({ wallets: ['*'] }, { wallets: ['get', 'put'] })).toEqual({
      wallets: ['get', 'put'],
    });
  });
});

describe('object rules (own vs any)', () => {
  it('card receipts: the holder with wallet read, anyone with the cards manage right', () => {
    expect(mayActOn(role('member'), 'cardReceipt', true)).toBe(true);
    expect(mayActOn(role('member'), 'cardReceipt', false)).toBe(false);
    expect(mayActOn(role('finance-manager'), 'cardReceipt', false)).toBe(true);
    expect(mayActOn({}, 'cardReceipt', true)).toBe(false);
  });
  it('expense edits: the maker only, whatever the rights', () => {
    expect(mayActOn('*', 'expenseEdit', false)).toBe(false);
    expect(mayActOn(role('finance-manager'), 'expenseEdit', true)).toBe(true);
  });
});
