// Forms (000 §5): validate on blur with the contract's zod schema (the same one the API uses),
// then map a validation-error answer onto the fields by key.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { STATUS } from '@owo/contract/status';
import { ApiError } from './api';

// Any zod 4 schema: classic (`zod`) or tree-shakeable `zod/mini` (the sign-in form, kept small).
export function useZodForm<S extends z.$ZodType<FieldValues, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onBlur',
    ...props,
    // The resolver's generics are looser than zod 4's; the schema is the source of truth.
    resolver: zodResolver(schema as never) as never,
  });
}

/**
 * Puts `errors: { field: [messages] }` of a validation-error answer on the form's fields.
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
    const message = messages[0];
    if (!message) continue;
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
