// Code samples of Settings > Developers: verifying a webhook signature, and the event catalogue.
import type { WebhookEvent } from '@owo/contract/developers';

/**
 * What each subscribable event reports (docs/areas/developers.md, Area webhook events). Every `data`
 * has id, reference, status, amount (decimal string) + amountMinor, currency and occurredAt.
 */
export const WEBHOOK_EVENT_CATALOGUE: { event: WebhookEvent; statuses: string; extra: string }[] = [
  {
    event: 'transaction',
    statuses: 'pending, success, failed, reversed',
    extra: 'topic, type, fee/feeMinor, createdAt (a wallet movement: deposit, transfer)',
  },
  {
    event: 'payout',
    statuses: 'approved, rejected, paid, failed, reversed',
    extra: 'fee/feeMinor, transactionId, failureReason',
  },
  {
    event: 'invoice',
    statuses: 'approved, rejected, partlyPaid, fullyPaid, cancelled',
    extra: 'amountPaid/amountPaidMinor; a payment: payment { id, amount, applied }',
  },
  {
    event: 'payroll',
    statuses: 'approved, rejected, paid, partlyFailed, failed',
    extra: 'name, paidCount, failedCount, paidAmount/paidAmountMinor',
  },
  {
    event: 'vending',
    statuses: 'success, failed',
    extra:
      'meter, disco, vendType; success: token (the electricity token), units, receiptNo; failed: failureReason',
  },
];

export const SIGNATURE_SAMPLES: { lang: string; code: string }[] = [
  {
    lang: 'Node.js',
    code: `import crypto from 'node:crypto';

// rawBody: the request body exactly as received (a Buffer or string), before JSON.parse
export function verifyOwoWebhook(rawBody, headers, secret) {
  const timestamp = headers['x-owo-timestamp'];
  const signature = headers['x-owo-signature'] ?? '';
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replay window
  const expected = 'v1=' + crypto
    .createHmac('sha512', secret)
    .update(\`\${timestamp}.\${rawBody}\`)
    .digest('hex');
  return signature.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}`,
  },
  {
    lang: 'Python',
    code: `import hmac, hashlib, time

def verify_owo_webhook(raw_body: bytes, headers, secret: str) -> bool:
    timestamp = headers.get("x-owo-timestamp", "")
    signature = headers.get("x-owo-signature", "")
    if abs(time.time() - int(timestamp)) > 300:
        return False  # replay window
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + raw_body, hashlib.sha512)
    return hmac.compare_digest(signature, "v1=" + mac.hexdigest())`,
  },
  {
    lang: 'PHP',
    code: `<?php
function verify_owo_webhook(string $rawBody, array $headers, string $secret): bool {
    $timestamp = $headers['x-owo-timestamp'] ?? '';
    $signature = $headers['x-owo-signature'] ?? '';
    if (abs(time() - intval($timestamp)) > 300) return false; // replay window
    $expected = 'v1=' . hash_hmac('sha512', $timestamp . '.' . $rawBody, $secret);
    return hash_equals($expected, $signature);
}`,
  },
];
