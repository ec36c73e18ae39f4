CREATE TABLE "payee_import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rows" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payee_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"payee_id" uuid,
	"status" text DEFAULT 'sent' NOT NULL,
	"personal_details" jsonb,
	"result_payee_id" uuid,
	"invited_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rows" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bill_inboxes" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"local_part" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ap_policies" ADD COLUMN "bill_tiers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD COLUMN "source" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "payee_import_batches" ADD CONSTRAINT "payee_import_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_import_batches" ADD CONSTRAINT "payee_import_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_invitations" ADD CONSTRAINT "payee_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_invitations" ADD CONSTRAINT "payee_invitations_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_invitations" ADD CONSTRAINT "payee_invitations_result_payee_id_payees_id_fk" FOREIGN KEY ("result_payee_id") REFERENCES "public"."payees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_invitations" ADD CONSTRAINT "payee_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_import_batches" ADD CONSTRAINT "bill_import_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_import_batches" ADD CONSTRAINT "bill_import_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_inboxes" ADD CONSTRAINT "bill_inboxes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_inboxes" ADD CONSTRAINT "bill_inboxes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payee_import_batches_account_idx" ON "payee_import_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payee_invitations_reference_key" ON "payee_invitations" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payee_invitations_account_created_idx" ON "payee_invitations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "bill_import_batches_account_idx" ON "bill_import_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_inboxes_local_part_key" ON "bill_inboxes" USING btree ("local_part");--> statement-breakpoint
CREATE INDEX "payout_quotes_payout_idx" ON "payout_quotes" USING btree ("payout_id");