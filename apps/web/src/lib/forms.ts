// Forms (000 §5): validate on blur with the contract's zod schema (the same one the API uses),
// then map a validation-error answer onto the fields by key (applyServerErrors, server-errors.ts).
// The schemas' messages are the contract's English; each field error shows in the current language
// (messageText, lib/messages.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { messageText } from './messages';

/** A resolver's errors (nested for arrays and objects) with every message translated; `ref`s kept. */
function translated(node: unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  // An array (a field array's rows, sparse) keeps its holes and its own `root`.
  const out: Record<string, unknown> = Array.isArray(node) ? ([] as unknown as Record<string, unknown>) : {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === 'ref' ? v : k === 'message' && typeof v === 'string' ? messageText(v) : translated(v);
  return out;
}

// Any zod 4 schema: classic (`zod`) or tree-shakeable `zod/mini` (the sign-in form, kept small).
export function useZodForm<S extends z.$ZodType<FieldValues, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  // The resolver's generics are looser than zod 4's; the schema is the source of truth.
  const resolve = zodResolver(schema as never) as Resolver<FieldValues>;
  const resolver: Resolver<FieldValues> = async (...args) => {
    const result = await resolve(...args);
    if (!Object.keys(result.errors).length) return result;
    return { values: {}, errors: translated(result.errors) as FieldErrors };
  };
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onBlur',
    ...props,
    resolver: resolver as never,
  });
}

export { applyServerErrors } from './server-errors';
