// Forms (000 §5): validate on blur with the contract's zod schema (the same one the API uses),
// then map a validation-error answer onto the fields by key (applyServerErrors, server-errors.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/v4/core';

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

export { applyServerErrors } from './server-errors';
