// The `messages` namespace (the contract's `*_MSG` texts by export and key) and the lookup that shows
// them in the current language (lib/message-index.ts), in a chunk of their own: loadMessages() in
// lib/i18n.ts fetches it only for a language other than English, the contract's own.
import '../lib/message-index';

export { default as MESSAGES } from './en/messages.json';
