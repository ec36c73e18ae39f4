-- Issue 34 §6: a payment invitation is matched by its own payment reference (carried in the
-- deposit's narration), never by amount alone. Existing invitations get one (hex is a subset of the
-- Crockford base32 alphabet the app draws from).
ALTER TABLE "payment_invitations" ADD COLUMN "pay_ref" text;
--> statement-breakpoint
UPDATE "payment_invitations" SET "pay_ref" = 'PAY' || upper(substr(md5(random()::text || "id"::text), 1, 10)) WHERE "pay_ref" IS NULL;
--> statement-breakpoint
ALTER TABLE "payment_invitations" ALTER COLUMN "pay_ref" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invitations_pay_ref_key" ON "payment_invitations" USING btree ("pay_ref");
--> statement-breakpoint
-- Deposits are confirmed against the sandbox's own record of the charges it issued, by reference.
CREATE INDEX "sandbox_webhook_deliveries_reference_idx" ON "sandbox_webhook_deliveries" USING btree ("reference");
--> statement-breakpoint
-- Issue 34 §5: platform rules above company settings. One row (id 1), changed only by platform
-- administrators; none means the built-in defaults (KYC cap ₦100,000). A company's AP policy may
-- lower the cap, never raise it above this.
CREATE TABLE "platform_limits" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"kyc_incomplete_cap_minor" bigint NOT NULL CHECK ("kyc_incomplete_cap_minor" >= 0),
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
