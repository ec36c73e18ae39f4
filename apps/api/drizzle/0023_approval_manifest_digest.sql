-- One way money leaves (issue 34 §1): at final approval the approvals engine writes the digest of
-- the record's payment manifest (amount, currency, fee, source wallet, destination bank and account,
-- payee, date) into the approving decision (covered by the trail's hash chain) and onto the item,
-- with the manifest itself (to show what an edit after approval changed). money/outflow.ts refuses
-- to move money whose manifest's digest differs from the item's.
ALTER TABLE "approval_items" ADD COLUMN "manifest" jsonb;
--> statement-breakpoint
ALTER TABLE "approval_items" ADD COLUMN "manifest_digest" text;
--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD COLUMN "manifest_digest" text;
--> statement-breakpoint
-- A payout approved elsewhere (a fund request's payout): the approval it is paid under and the
-- draft of its manifest, as the request's final approval digested it. Null: its own approval.
ALTER TABLE "payouts" ADD COLUMN "authority" jsonb;
