-- Public links are capabilities (issue 34 §3): every link the app mails carries a random token of
-- 256 bits that is no record's reference or id, kept here only as its SHA-256, scoped to one object
-- (`kind` + `object_id`) and one action, with an expiry; `spent_at` is set in the transaction of the
-- action it allows (once), `revoked_at` when the object is cancelled or a newer link replaces it.
CREATE TABLE "link_tokens" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "token_hash" text NOT NULL,
  "kind" text NOT NULL,
  "action" text NOT NULL,
  "object_id" uuid NOT NULL,
  "account_id" uuid REFERENCES "accounts"("id") ON DELETE CASCADE,
  "expires_at" timestamp with time zone NOT NULL,
  "spent_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "link_tokens_hash_key" ON "link_tokens" ("token_hash");
--> statement-breakpoint
CREATE INDEX "link_tokens_object_idx" ON "link_tokens" ("kind", "object_id");
--> statement-breakpoint
-- Vendor invitations still open keep working: their mailed 128-bit reference becomes the token
-- (hashed here), and the reference column goes, so the token is no longer any record's reference.
INSERT INTO "link_tokens" ("token_hash", "kind", "action", "object_id", "account_id", "expires_at")
SELECT encode(sha256(convert_to("reference", 'UTF8')), 'hex'), 'payee-invitation', 'submit', "id", "account_id", "expires_at"
FROM "payee_invitations" WHERE "status" = 'sent';
--> statement-breakpoint
ALTER TABLE "payee_invitations" DROP COLUMN "reference";
--> statement-breakpoint
-- A link's change to an existing vendor's details waits, with its bank account, for approval.
ALTER TABLE "payee_bank_changes" ADD COLUMN "details" jsonb;
--> statement-breakpoint
-- Employee portal invitations still open become link tokens (they had no expiry: 14 days from now).
INSERT INTO "link_tokens" ("token_hash", "kind", "action", "object_id", "account_id", "expires_at")
SELECT "invite_token_hash", 'employee-invitation', 'join', "id", "account_id", now() + interval '14 days'
FROM "payroll_employees" WHERE "invite_token_hash" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "payroll_employees" DROP COLUMN "invite_token_hash";
