CREATE TABLE "agent_commission_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"commission_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"invoice_id" uuid,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"commission_type" text NOT NULL,
	"commission_value" bigint NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"approval_status" text DEFAULT 'initialized' NOT NULL,
	"batch_id" uuid,
	"item_id" uuid,
	"matured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_batch_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"bank_code" text,
	"bank_name" text,
	"account_number" text,
	"account_name" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"agent_user_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"payout_frequency" text NOT NULL,
	"period" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"is_active" boolean DEFAULT false NOT NULL,
	"commission_type" text DEFAULT 'percentage' NOT NULL,
	"commission_value" bigint NOT NULL,
	"payout_mode" text DEFAULT 'consolidated' NOT NULL,
	"payout_frequency" text DEFAULT 'monthly' NOT NULL,
	"threshold_minor" bigint,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_commission_entries" ADD CONSTRAINT "agent_commission_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commission_entries" ADD CONSTRAINT "agent_commission_entries_commission_id_agent_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."agent_commissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_batch_items" ADD CONSTRAINT "commission_batch_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_batch_items" ADD CONSTRAINT "commission_batch_items_batch_id_commission_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."commission_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_batches" ADD CONSTRAINT "commission_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_batches" ADD CONSTRAINT "commission_batches_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_batches" ADD CONSTRAINT "commission_batches_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_settings" ADD CONSTRAINT "commission_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_commission_entries_source_key" ON "agent_commission_entries" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "agent_commission_entries_commission_idx" ON "agent_commission_entries" USING btree ("commission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_commissions_invoice_key" ON "agent_commissions" USING btree ("invoice_id") WHERE "agent_commissions"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "agent_commissions_agent_idx" ON "agent_commissions" USING btree ("account_id","agent_user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_commissions_matured_idx" ON "agent_commissions" USING btree ("account_id","approval_status") WHERE "agent_commissions"."batch_id" is null;--> statement-breakpoint
CREATE INDEX "agent_commissions_batch_idx" ON "agent_commissions" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "commission_batch_items_batch_idx" ON "commission_batch_items" USING btree ("batch_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_batches_period_key" ON "commission_batches" USING btree ("account_id","agent_user_id","payout_frequency","period");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_batches_reference_key" ON "commission_batches" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "commission_batches_account_created_idx" ON "commission_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_settings_general_key" ON "commission_settings" USING btree ("account_id") WHERE "commission_settings"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_settings_agent_key" ON "commission_settings" USING btree ("account_id","user_id") WHERE "commission_settings"."user_id" is not null;