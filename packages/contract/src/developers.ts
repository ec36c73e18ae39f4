import { z } from 'zod';

// Settings > Developers (002 §2): API keys (resource `developer`) and signed webhooks
// (`developerWebhooks`). Routes: /api/developers/keys, /api/developers/webhooks.

export const API_KEY_PREFIX = 'sk_';
export const WEBHOOK_EVENTS = ['transaction', 'payout', 'invoice', 'payroll', 'vending'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Signature headers: `x-owo-timestamp` (unix seconds) and `x-owo-signature` = `v1=<hex HMAC-SHA512 of "<timestamp>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-owo-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-owo-timestamp';
/** A receiver should refuse a timestamp further than this from its clock (replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const DEVELOPER_MSG = {
  keyCreated: 'API key created. Copy it now: it will not be shown again',
  keyReset: 'API key reset. Copy it now: it will not be shown again',
  keyRevoked: 'API key revoked',
  keyNotFound: 'API key not found',
  roleUnknown: 'Role not found',
  roleBeyondCreator: 'You can only create a key with permissions you hold yourself',
  nameRequired: 'Name is required',
  webhookCreated: 'Webhook endpoint added',
  webhookUpdated: 'Webhook endpoint updated',
  webhookDeleted: 'Webhook endpoint deleted',
  webhookNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  testSent: 'Test event sent',
  replayed: 'Delivery queued again',
  urlInvalid: 'Enter a valid URL',
  urlHttps: 'Webhook URLs must use https and a public address',
  eventsRequired: 'Choose at least one event',
  keyOnlyAccountRoutes: 'API keys can only call account routes',
} as const;

export const apiKeyBody = z.object({
  name: z.string({ error: DEVELOPER_MSG.nameRequired }).trim().min(1, DEVELOPER_MSG.nameRequired).max(80),
  role: z.string().trim().min(1).max(60).default('admin'),
});
export type ApiKeyBody = z.input<typeof apiKeyBody>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  role: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** The answer to create and reset: the whole key, once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const webhookBody = z.object({
  url: z.string({ error: DEVELOPER_MSG.urlInvalid }).trim().max(500).url(DEVELOPER_MSG.urlInvalid),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, DEVELOPER_MSG.eventsRequired).max(WEBHOOK_EVENTS.length),
  enabled: z.boolean().default(true),
});
export type WebhookBody = z.input<typeof webhookBody>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
/** The answer to create: the signing secret, once. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  eventId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookParams = z.object({ id: z.string().uuid() });
export const deliveryParams = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() });
