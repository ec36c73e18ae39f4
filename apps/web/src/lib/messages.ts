// Contract messages (`*_MSG` of @owo/contract, the API's exact English) on screen, in the current
// language: `messageText(PAYROLL_MSG.noPermission)`, or any API message. The lookup (lib/message-index.ts)
// arrives with the `messages` namespace, which loadMessages() (lib/i18n.ts) fetches for a language
// other than English; until then, and in English, a text is shown as it is.
let translator = (text: string) => text;

/** A contract message in the current language; any other text as it is. */
export function messageText(text: string): string {
  return translator(text);
}

/** lib/message-index.ts, once loaded with the `messages` namespace. */
export function setMessageTranslator(translate: (text: string) => string) {
  translator = translate;
}
