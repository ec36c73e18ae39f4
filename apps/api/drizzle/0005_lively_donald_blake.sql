CREATE TABLE "payout_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"email" text NOT NULL,
	"note" text,
	"payee_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"amount_minor" bigint,
	"description" text,
	"invoice_number" text,
	"due_date" date,
	"bank_code" text,
	"bank_name" text,
	"account_number" text,
	"account_name" text,
	"file_name" text,
	"payout_id" uuid,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_quotes_reference_key" ON "payout_quotes" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payout_quotes_account_created_idx" ON "payout_quotes" USING btree ("account_id","created_at");