import { MSG } from '@owo/contract/messages';

/** What a refusal's toast says: its message, or for the KYC limit the field error naming the cap. */
export function refusalText(err: { message: string; errors?: Record<string, string[]> }): string {
  if (err.message !== MSG.kycIncompleteLimit) return err.message;
  return Object.values(err.errors ?? {}).find((m) => m?.length)?.[0] ?? err.message;
}
