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
