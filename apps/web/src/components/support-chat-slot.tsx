import { useEffect } from 'react';
import { loadSupportChat, supportChatSettings } from '../lib/support-chat';

const settings = supportChatSettings(import.meta.env as unknown as Record<string, string | undefined>);

/** The shell's one support chat slot: renders nothing; loads the configured provider's widget once. */
export function SupportChatSlot() {
  useEffect(() => {
    loadSupportChat(settings);
  }, []);
  return null;
}
