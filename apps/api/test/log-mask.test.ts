import { describe, expect, it } from 'vitest';
import { maskUrl } from '../src/app';

describe('request log masking', () => {
  it('hides credentials carried in query strings', () => {
    expect(maskUrl('/auth/confirm-email?token=abc123&x=1')).toBe('/auth/confirm-email?token=[redacted]&x=1');
    expect(maskUrl('/auth/reset-password?ref=zzz')).toBe('/auth/reset-password?ref=[redacted]');
    expect(maskUrl('/api/receipts/1.pdf?exp=9&sig=deadbeef')).toBe(
      '/api/receipts/1.pdf?exp=9&sig=[redacted]',
    );
    expect(maskUrl('/auth/invite?code=INV-1')).toBe('/auth/invite?code=[redacted]');
    expect(maskUrl('/api/transactions?page=2')).toBe('/api/transactions?page=2');
  });
});
