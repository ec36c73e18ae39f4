// Contract messages (`*_MSG` of @owo/contract, the API's exact English) on screen, in the current
// language: `messageText(PAYROLL_MSG.noPermission)`, or any API message. The lookup (lib/message-index.ts)
// arrives with the lazy `messages` namespace; until then a text is shown as it is.
let translator = (text: string) => text;

/** A contract message in the current language; any other text as it is. */
export function messageText(text: string): string {
  return translator(text);
}

/** lib/message-index.ts, once loaded with the lazy namespaces. */
export function setMessageTranslator(translate: (text: string) => string) {
  translator = translate;
}
