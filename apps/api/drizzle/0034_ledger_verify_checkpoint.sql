-- ledger:verify from a checkpoint (issue 38 §1, decision 019).
-- 1. Each journal entry notes the transaction that wrote it (`xid`, the bigint of its xid8, as
--    list_changes does): the entries written after a checkpoint are those its snapshot did not see.
--    Existing rows keep null (no rewrite of the table): they lie before every checkpoint, since the
--    first verify without a checkpoint is a full one.
-- 2. The checkpoint: the snapshot of the last clean verify, and the sum of the postings it saw per
--    ledger account (so a cached balance is checked against that sum plus the newer postings).
ALTER TABLE "journal_entries" ADD COLUMN "xid" bigint;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "xid" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
CREATE INDEX "journal_entries_xid_idx" ON "journal_entries" USING btree ("xid");--> statement-breakpoint
CREATE TABLE "ledger_verify_checkpoints" (
	"id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"snapshot" text NOT NULL,
	"entries" bigint NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_verify_totals" (
	"ledger_account_id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"total" bigint NOT NULL
);
