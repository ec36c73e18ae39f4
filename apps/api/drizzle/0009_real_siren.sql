CREATE TABLE "disbursement_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"disbursement_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text,
	"account_name" text,
	"amount_minor" bigint,
	"fee_minor" bigint,
	"narration" text NOT NULL,
	"status" text DEFAULT 'validating' NOT NULL,
	"error" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disbursements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"subsidiary_id" uuid,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"maker_name" text NOT NULL,
	"status" text DEFAULT 'validating' NOT NULL,
	"error" text,
	"item_count" integer NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disbursement_items" ADD CONSTRAINT "disbursement_items_disbursement_id_disbursements_id_fk" FOREIGN KEY ("disbursement_id") REFERENCES "public"."disbursements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disbursement_items_row_key" ON "disbursement_items" USING btree ("disbursement_id","row_no");--> statement-breakpoint
CREATE INDEX "disbursement_items_status_idx" ON "disbursement_items" USING btree ("disbursement_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "disbursements_reference_key" ON "disbursements" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "disbursements_account_created_idx" ON "disbursements" USING btree ("account_id","created_at");