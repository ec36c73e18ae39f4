-- The cash forecast's overdraw alerts (issue 39 §2): one row per account, forecast item and Lagos
-- day once its notification and email are made, so the daily job (and a second worker) alerts once.
-- Two partial indexes for the forecast's reads: the account's payouts still to pay (pending approval,
-- approved, scheduled) and its bills not yet sent for payment.
CREATE TABLE "forecast_alerts" (
	"account_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"day" date NOT NULL,
	"shortfall_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forecast_alerts_account_id_item_key_day_pk" PRIMARY KEY("account_id","item_key","day")
);
--> statement-breakpoint
ALTER TABLE "forecast_alerts" ADD CONSTRAINT "forecast_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_account_open_idx" ON "payouts" USING btree ("account_id","status") WHERE "payouts"."status" in ('pending', 'approved', 'scheduled');--> statement-breakpoint
CREATE INDEX "payout_quotes_account_unsent_idx" ON "payout_quotes" USING btree ("account_id","due_date") WHERE "payout_quotes"."status" in ('draft', 'submitted');
