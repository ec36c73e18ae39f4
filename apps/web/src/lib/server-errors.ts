// A validation-error answer (000 §8) onto a form's fields. Apart from lib/forms.ts (react-hook-form
// and the zod resolver) so the mutation wrapper in lib/query.ts, which every page loads, stays free
// of both (issue 38 §3).
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { STATUS } from '@owo/contract/status';
import { ApiError } from './api';
import { messageText } from './messages';

/**
 * Puts `errors: { field: [messages] }` of a validation-error answer on the form's fields, each in the
 * current language (messageText: the API sends the contract's English).
 * Returns true when at least one field received a message. Keys the form does not know are
 * reported on `root.server` so they are never silently lost.
 */
export function applyServerErrors<T extends FieldValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's context and output types: only its field values are used
  form: UseFormReturn<T, any, any>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || error.status !== STATUS.validationError || !error.errors) return false;
  const known = new Set(Object.keys(form.getValues() ?? {}));
  let applied = false;
  const unknownMessages: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    if (!messages[0]) continue;
    const message = messageText(messages[0]);
    const top = key.split('.')[0];
    if (known.has(top)) {
      form.setError(key as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    } else unknownMessages.push(message);
  }
  if (unknownMessages.length)
    form.setError('root.server', { type: 'server', message: unknownMessages.join('\n') });
  return applied;
}
