// The support chat slot (000 §1): ONE place in the shell where a third-party chat widget may load.
// It is off unless the build is configured with a provider's script id (`VITE_SUPPORT_CHAT_ID`);
// only then is the provider's script added to the page (once). Providers differ only in the
// script's URL and the global they read the id from, so adding one is one entry in PROVIDERS.
// The API's CSP must allow the provider's origins (CSP_EXTRA_ORIGINS, README "Support chat").

type Env = Record<string, string | boolean | undefined>;

export type ChatProvider = {
  /** The script to load for a site/widget id. */
  src: (id: string) => string;
  /** Globals the script reads before it loads (set on window). */
  setup?: (id: string, w: Record<string, unknown>) => void;
};

export const PROVIDERS: Record<string, ChatProvider> = {
  crisp: {
    src: () => 'https://client.crisp.chat/l.js',
    setup: (id, w) => {
      w.$crisp = [];
      w.CRISP_WEBSITE_ID = id;
    },
  },
  tawk: { src: (id) => `https://embed.tawk.to/${id}` }, // id = "<property>/<widget>"
  intercom: {
    src: (id) => `https://widget.intercom.io/widget/${id}`,
    setup: (id, w) => {
      w.intercomSettings = { app_id: id };
    },
  },
  /** Any other provider: VITE_SUPPORT_CHAT_SCRIPT (https URL, `{id}` replaced by the id). */
  script: { src: () => '' },
};

export type ChatSettings = { provider: string; id: string; src: string } | null;

const ID = /^[A-Za-z0-9_/.-]{1,128}$/;

/** What the build asks for, or null (the slot stays empty). */
export function supportChatSettings(env: Env): ChatSettings {
  const id = typeof env.VITE_SUPPORT_CHAT_ID === 'string' ? env.VITE_SUPPORT_CHAT_ID.trim() : '';
  const provider =
    typeof env.VITE_SUPPORT_CHAT_PROVIDER === 'string' ? env.VITE_SUPPORT_CHAT_PROVIDER.trim() : 'crisp';
  if (!id || !ID.test(id) || !PROVIDERS[provider]) return null;
  let src = PROVIDERS[provider].src(id);
  if (provider === 'script') {
    const tpl = typeof env.VITE_SUPPORT_CHAT_SCRIPT === 'string' ? env.VITE_SUPPORT_CHAT_SCRIPT.trim() : '';
    if (!/^https:\/\/[^\s"'<>]+$/.test(tpl)) return null;
    src = tpl.replace('{id}', encodeURIComponent(id));
  }
  return { provider, id, src };
}

export const SUPPORT_CHAT_SCRIPT_ID = 'owo-support-chat';

/** Adds the provider's script once; false when the slot is off. */
export function loadSupportChat(
  settings: ChatSettings,
  doc: Document = document,
  w: Record<string, unknown> = window as unknown as Record<string, unknown>,
): boolean {
  if (!settings) return false;
  if (doc.getElementById(SUPPORT_CHAT_SCRIPT_ID)) return true;
  PROVIDERS[settings.provider].setup?.(settings.id, w);
  const s = doc.createElement('script');
  s.id = SUPPORT_CHAT_SCRIPT_ID;
  s.src = settings.src;
  s.async = true;
  s.referrerPolicy = 'strict-origin-when-cross-origin';
  doc.head.appendChild(s);
  return true;
}
