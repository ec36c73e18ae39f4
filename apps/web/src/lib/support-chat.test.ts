import { afterEach, describe, expect, it } from 'vitest';
import { loadSupportChat, SUPPORT_CHAT_SCRIPT_ID, supportChatSettings } from './support-chat';

afterEach(() => document.getElementById(SUPPORT_CHAT_SCRIPT_ID)?.remove());

describe('support chat slot', () => {
  it('is off without a script id: nothing is loaded', () => {
    for (const env of [{}, { VITE_SUPPORT_CHAT_ID: '' }, { VITE_SUPPORT_CHAT_ID: '   ' }]) {
      const s = supportChatSettings(env);
      expect(s).toBeNull();
      expect(loadSupportChat(s)).toBe(false);
    }
    expect(document.querySelectorAll('script').length).toBe(0);
  });

  it('refuses unknown providers, odd ids and non-https custom scripts', () => {
    expect(
      supportChatSettings({ VITE_SUPPORT_CHAT_ID: 'abc', VITE_SUPPORT_CHAT_PROVIDER: 'nope' }),
    ).toBeNull();
    expect(supportChatSettings({ VITE_SUPPORT_CHAT_ID: '"><script>' })).toBeNull();
    expect(
      supportChatSettings({
        VITE_SUPPORT_CHAT_ID: 'abc',
        VITE_SUPPORT_CHAT_PROVIDER: 'script',
        VITE_SUPPORT_CHAT_SCRIPT: 'http://evil.example/x.js',
      }),
    ).toBeNull();
  });

  it('loads the configured provider once, with its globals set first', () => {
    const w: Record<string, unknown> = {};
    const s = supportChatSettings({ VITE_SUPPORT_CHAT_ID: 'site-123' });
    expect(s).toEqual({ provider: 'crisp', id: 'site-123', src: 'https://client.crisp.chat/l.js' });
    expect(loadSupportChat(s, document, w)).toBe(true);
    expect(loadSupportChat(s, document, w)).toBe(true);
    const scripts = document.querySelectorAll(`script#${SUPPORT_CHAT_SCRIPT_ID}`);
    expect(scripts.length).toBe(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe('https://client.crisp.chat/l.js');
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
    expect(w.CRISP_WEBSITE_ID).toBe('site-123');
  });

  it('a custom script URL takes the id', () => {
    const s = supportChatSettings({
      VITE_SUPPORT_CHAT_ID: 'w/42',
      VITE_SUPPORT_CHAT_PROVIDER: 'script',
      VITE_SUPPORT_CHAT_SCRIPT: 'https://chat.example/widget.js?id={id}',
    });
    expect(s?.src).toBe('https://chat.example/widget.js?id=w%2F42');
    expect(
      supportChatSettings({ VITE_SUPPORT_CHAT_ID: 'p1/w1', VITE_SUPPORT_CHAT_PROVIDER: 'tawk' })?.src,
    ).toBe('https://embed.tawk.to/p1/w1');
  });
});
