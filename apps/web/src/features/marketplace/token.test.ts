import { describe, expect, it } from 'vitest';
import { groupToken } from './components/token';

describe('vend token display (001 §2, §9)', () => {
  it('groups 20 digits 4-4-4-4-4 whatever the provider sent', () => {
    expect(groupToken('12345678901234567890')).toBe('1234-5678-9012-3456-7890');
    expect(groupToken('1234 5678 9012 3456 7890')).toBe('1234-5678-9012-3456-7890');
    expect(groupToken('1234-5678-9012-3456-7890')).toBe('1234-5678-9012-3456-7890');
  });
  it('shows N/A (null) for no token and for the placeholder token', () => {
    expect(groupToken(null)).toBeNull();
    expect(groupToken('')).toBeNull();
    expect(groupToken('0000-0000-0000-0000-0000')).toBeNull();
    expect(groupToken('00000000000000000000')).toBeNull();
  });
});
