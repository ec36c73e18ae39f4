CREATE TABLE "payout_recurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"payout_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"next_date" date NOT NULL,
	"end_date" date,
	"occurrences" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recurrence_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "payout_recurrences" ADD CONSTRAINT "payout_recurrences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_recurrences" ADD CONSTRAINT "payout_recurrences_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_recurrences_payout_key" ON "payout_recurrences" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_recurrences_due_idx" ON "payout_recurrences" USING btree ("status","next_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_recurrence_occurrence_key" ON "payouts" USING btree ("recurrence_id","occurrence_date");