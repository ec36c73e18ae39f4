// Public API of the developers module (docs/ARCHITECTURE.md, Boundaries).
export { emitWebhookEvent, signWebhook } from './webhooks';
export { emitAreaEvent, emitAreaEvents, type AreaEvent, type AreaEventInput } from './events';
