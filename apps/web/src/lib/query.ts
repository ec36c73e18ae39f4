// TanStack Query client (000 §9: queries never retry and never refetch on window focus) and the
// mutation wrapper that applies 000 §8's rules: success toasts the server message, errors toast
// the message, validation-error sets the form's field errors.
import { QueryClient, useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError, type Envelope } from './api';
import { applyServerErrors } from './server-errors';
import { refusalText } from './refusal';
import { toastError, toastSuccess } from './toast';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
export const queryClient = createQueryClient();

type ApiMutationOptions<TData, TVars> = Omit<
  UseMutationOptions<Envelope<TData>, ApiError, TVars>,
  'mutationFn'
> & {
  mutationFn: (vars: TVars) => Promise<Envelope<TData>>;
  /** Form whose fields receive validation-error messages. */
  form?: UseFormReturn<FieldValues> | UseFormReturn<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any form's values: only its error setters are used
  /** Don't toast the server's success message (e.g. the screen shows its own success state). */
  silentSuccess?: boolean;
  /** Don't toast errors (the screen shows them inline). */
  silentError?: boolean;
};

/** 500s are toasted by the client already; 403s show the Access Forbidden page. */
export const handledGlobally = (err: unknown) =>
  err instanceof ApiError && (err.httpStatus >= 500 || err.httpStatus === 403);

export function useApiMutation<TData = unknown, TVars = void>(opts: ApiMutationOptions<TData, TVars>) {
  const { form, silentSuccess, silentError, onSuccess, onError, ...rest } = opts;
  return useMutation<Envelope<TData>, ApiError, TVars>({
    ...rest,
    onSuccess: (res, ...args) => {
      if (!silentSuccess) toastSuccess(res.message);
      return onSuccess?.(res, ...args);
    },
    onError: (err, ...args) => {
      if (form) applyServerErrors(form, err);
      if (!silentError && !handledGlobally(err)) toastError(refusalText(err));
      return onError?.(err, ...args);
    },
  });
}
