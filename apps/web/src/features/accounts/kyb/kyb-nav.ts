// Where a user may go in the KYB setup (000 §2.6, §4.2). `maxStep` is the number of steps done in
// order (GET /parameter/account progress.maxStep): the user may open every done step and the one
// after it (the highest reached step), never further.
import { KYB_STEPS, SETUP_STEPS, type KybStep } from '@owo/contract';

export const isKybStep = (s: string | undefined): s is KybStep =>
  !!s && (KYB_STEPS as readonly string[]).includes(s);

/** Index (0-based) of the highest step the user has reached. */
export const highestReachedIndex = (maxStep: number) => Math.min(Math.max(maxStep, 0), SETUP_STEPS - 1);

export const canOpenStep = (step: KybStep, maxStep: number) =>
  KYB_STEPS.indexOf(step) <= highestReachedIndex(maxStep);

/** Where "Complete KYC" and /account/setup lead: the first step not done, or the review when all are. */
export const firstIncompleteStep = (maxStep: number): KybStep | 'operations' =>
  maxStep >= SETUP_STEPS ? 'operations' : KYB_STEPS[highestReachedIndex(maxStep)];

/** After the last step comes the review of everything entered (/operations), then /success. */
export const nextStep = (step: KybStep): KybStep | 'operations' =>
  KYB_STEPS[KYB_STEPS.indexOf(step) + 1] ?? 'operations';
export const previousStep = (step: KybStep): KybStep | null => KYB_STEPS[KYB_STEPS.indexOf(step) - 1] ?? null;

/** "n steps completed out of 5" and the bar's value. */
export function setupProgress(maxStep: number) {
  const done = Math.min(Math.max(maxStep, 0), SETUP_STEPS);
  return { done, total: SETUP_STEPS, percent: Math.round((done / SETUP_STEPS) * 100) };
}
