import { describe, expect, it } from 'vitest';
import { kybBvnBody, kybOwnershipBody, kybProgress, maskBvn } from './kyb';
import { KYB_FORM } from './kyb-form';
import { kybStepBodies } from './kyb';

describe('kybProgress (000 §4.2)', () => {
  const full = {
    info: { legalName: 'A Ltd' },
    bvn: '12345678901',
    contact: {},
    ownersCount: 1,
    documents: { certificateOfIncorporation: 'a.pdf', proofOfAddress: 'b.png' },
  };
  it('counts steps in order and the fill percentage out of 6', () => {
    expect(kybProgress({ ownersCount: 0 })).toEqual({ maxStep: 0, isComplete: false, fillPercentage: 0 });
    expect(kybProgress({ ...full, bvn: null, contact: null, ownersCount: 0, documents: null })).toEqual({
      maxStep: 1,
      isComplete: false,
      fillPercentage: 17,
    });
    expect(kybProgress({ ...full, contact: null, ownersCount: 0, documents: null })).toEqual({
      maxStep: 2,
      isComplete: false,
      fillPercentage: 17,
    });
    expect(kybProgress({ ...full, ownersCount: 0, documents: null })).toEqual({
      maxStep: 3,
      isComplete: false,
      fillPercentage: 33,
    });
    expect(kybProgress({ ...full, documents: null })).toEqual({
      maxStep: 4,
      isComplete: false,
      fillPercentage: 50,
    });
    expect(kybProgress(full)).toEqual({ maxStep: 5, isComplete: true, fillPercentage: 67 });
  });
  it('stops at the first missing step and needs the required documents', () => {
    expect(kybProgress({ ...full, bvn: null }).maxStep).toBe(1);
    expect(kybProgress({ ...full, documents: { certificateOfIncorporation: 'a.pdf' } })).toMatchObject({
      maxStep: 4,
      isComplete: false,
    });
  });
});

describe('KYB rules', () => {
  it('masks BVNs as *******8901', () => expect(maskBvn('12345678901')).toBe('*******8901'));
  it('accepts exactly 11 digits, leading zeros included', () => {
    expect(kybBvnBody.safeParse({ bvn: '01234567890' }).success).toBe(true);
    for (const bvn of ['1234567890', '123456789012', '1234567890a', ''])
      expect(kybBvnBody.safeParse({ bvn }).success).toBe(false);
  });
  it('keeps shares exact: 33.33 + 33.33 + 33.34 is 100', () => {
    const owners = [33.33, 33.33, 33.34].map((share, i) => ({ name: `O${i}`, bvn: `1234567890${i}`, share }));
    expect(kybOwnershipBody.safeParse({ owners }).success).toBe(true);
    expect(
      kybOwnershipBody.safeParse({ owners: [...owners, { name: 'X', bvn: '99999999999', share: 0.01 }] })
        .success,
    ).toBe(false);
  });
  it('describes every field the step schemas know, with the same required flags', () => {
    for (const step of KYB_FORM) {
      const shape = (kybStepBodies[step.step] as unknown as { shape: Record<string, unknown> }).shape;
      expect(step.fields.map((f) => f.name).sort()).toEqual(Object.keys(shape).sort());
      const r = kybStepBodies[step.step].safeParse({});
      const missing = new Set(r.success ? [] : r.error.issues.map((i) => String(i.path[0])));
      for (const f of step.fields) {
        if (f.name === 'country') continue; // required, but defaults to NG
        expect(missing.has(f.name), `${step.step}.${f.name}`).toBe(f.required);
      }
    }
  });
});
