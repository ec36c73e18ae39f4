CREATE TABLE "fund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"subsidiary_id" uuid,
	"reference" text NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"maker_name" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"purpose" text NOT NULL,
	"narration" text NOT NULL,
	"payee_kind" text NOT NULL,
	"payee_id" uuid,
	"payee_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision" text,
	"scheduled_date" date,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_requests" ADD CONSTRAINT "fund_requests_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_requests_reference_key" ON "fund_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "fund_requests_account_created_idx" ON "fund_requests" USING btree ("account_id","created_at");