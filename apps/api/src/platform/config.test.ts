import { describe, expect, it } from 'vitest';
import { browserOrigin, type Config } from './config';

const config = (appUrl: string, isProduction = false) => ({ appUrl, isProduction }) as Config;

describe('browserOrigin (links the browser follows now)', () => {
  it('answers the loopback name the browser used, on APP_URL’s port, outside production', () => {
    expect(browserOrigin(config('http://localhost:3000'), '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(browserOrigin(config('http://127.0.0.1:3000'), 'localhost:3000')).toBe('http://localhost:3000');
    expect(browserOrigin(config('http://localhost:3000'), 'LOCALHOST:3000')).toBe('http://localhost:3000');
  });

  it('answers APP_URL in production, for another host or port, and without a Host header', () => {
    expect(browserOrigin(config('http://localhost:3000', true), '127.0.0.1:3000')).toBe(
      'http://localhost:3000',
    );
    expect(browserOrigin(config('http://localhost:3000'), 'evil.example:3000')).toBe('http://localhost:3000');
    expect(browserOrigin(config('http://localhost:3000'), '127.0.0.1:4000')).toBe('http://localhost:3000');
    expect(browserOrigin(config('https://app.owo.ng'), 'localhost')).toBe('https://app.owo.ng');
    expect(browserOrigin(config('http://localhost:3000'), undefined)).toBe('http://localhost:3000');
  });
});
