CREATE TABLE "accounting_category_mappings" (
	"account_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"provider_account_id" text,
	"class_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_category_mappings_account_id_category_id_pk" PRIMARY KEY("account_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "accounting_connections" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"realm_id" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"auth_valid" boolean DEFAULT true NOT NULL,
	"bank_account_id" text,
	"default_expense_account_id" text,
	"payroll_account_id" text,
	"connected_by" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accounts_synced_at" timestamp with time zone,
	"locations_synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid NOT NULL,
	"record" text NOT NULL,
	"document" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_document_id" text,
	"payload" jsonb,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounting_refs" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_refs_account_id_kind_provider_id_pk" PRIMARY KEY("account_id","kind","provider_id")
);
--> statement-breakpoint
CREATE TABLE "accounting_sandbox_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounting_sandbox_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"realm_id" text NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_sandbox_realms" (
	"realm_id" text PRIMARY KEY NOT NULL,
	"fail_next" integer DEFAULT 0 NOT NULL,
	"down" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_sandbox_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"realm_id" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_issuer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_event_id" text NOT NULL,
	"event" text NOT NULL,
	"authorization_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"installment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "employee_password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_user_id" uuid NOT NULL,
	"ref_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_password_resets_ref_hash_unique" UNIQUE("ref_hash")
);
--> statement-breakpoint
CREATE TABLE "payroll_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_import_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"salary_text" text NOT NULL,
	"salary_minor" bigint,
	"annual_rent_text" text NOT NULL,
	"annual_rent_minor" bigint,
	"bank_code" text NOT NULL,
	"bank_name" text,
	"account_number" text NOT NULL,
	"account_number_hmac" text,
	"account_number_last4" text NOT NULL,
	"account_name" text,
	"name_status" text NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dup_email" boolean DEFAULT false NOT NULL,
	"email_taken" boolean DEFAULT false NOT NULL,
	"dup_account" boolean DEFAULT false NOT NULL,
	"account_taken" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ap_policies" ADD COLUMN "bill_tiers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "settled_minor" bigint;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "receipt_file" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "source_account_number" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "source_bank_code" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "source_bank_name" text;--> statement-breakpoint
ALTER TABLE "vendings" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "payees" ADD COLUMN "currency" text DEFAULT 'NGN' NOT NULL;--> statement-breakpoint
ALTER TABLE "payees" ADD COLUMN "foreign_bank" jsonb;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD COLUMN "source" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "channel" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recipient_currency" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recipient_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "fx_rate" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "wire_purpose" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "wire_narration" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sender_details" jsonb;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recurrence_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "payrolls" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "payrolls" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "accounting_category_mappings" ADD CONSTRAINT "accounting_category_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_oauth_states" ADD CONSTRAINT "accounting_oauth_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_postings" ADD CONSTRAINT "accounting_postings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_refs" ADD CONSTRAINT "accounting_refs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_issuer_events" ADD CONSTRAINT "card_issuer_events_authorization_id_card_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."card_authorizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "disbursement_items" ADD CONSTRAINT "disbursement_items_disbursement_id_disbursements_id_fk" FOREIGN KEY ("disbursement_id") REFERENCES "public"."disbursements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_installment_id_invoice_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."invoice_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "payout_recurrences" ADD CONSTRAINT "payout_recurrences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_recurrences" ADD CONSTRAINT "payout_recurrences_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_password_resets" ADD CONSTRAINT "employee_password_resets_employee_user_id_employee_users_id_fk" FOREIGN KEY ("employee_user_id") REFERENCES "public"."employee_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_groups" ADD CONSTRAINT "payroll_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_import_batches" ADD CONSTRAINT "payroll_import_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_import_batches" ADD CONSTRAINT "payroll_import_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_import_entries" ADD CONSTRAINT "payroll_import_entries_batch_id_payroll_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payroll_import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_postings_source_key" ON "accounting_postings" USING btree ("account_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "accounting_postings_account_created_idx" ON "accounting_postings" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "accounting_postings_due_idx" ON "accounting_postings" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_sandbox_documents_request_key" ON "accounting_sandbox_documents" USING btree ("realm_id","request_id");--> statement-breakpoint
CREATE INDEX "accounting_sandbox_tokens_realm_idx" ON "accounting_sandbox_tokens" USING btree ("realm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_issuer_events_issuer_event_id_key" ON "card_issuer_events" USING btree ("issuer_event_id");--> statement-breakpoint
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
CREATE UNIQUE INDEX "commission_settings_agent_key" ON "commission_settings" USING btree ("account_id","user_id") WHERE "commission_settings"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "disbursement_items_row_key" ON "disbursement_items" USING btree ("disbursement_id","row_no");--> statement-breakpoint
CREATE INDEX "disbursement_items_status_idx" ON "disbursement_items" USING btree ("disbursement_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "disbursements_reference_key" ON "disbursements" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "disbursements_account_created_idx" ON "disbursements" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_installment_kind_key" ON "invoice_reminders" USING btree ("installment_id","kind");--> statement-breakpoint
CREATE INDEX "payee_import_batches_account_idx" ON "payee_import_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payee_invitations_reference_key" ON "payee_invitations" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payee_invitations_account_created_idx" ON "payee_invitations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "bill_import_batches_account_idx" ON "bill_import_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_inboxes_local_part_key" ON "bill_inboxes" USING btree ("local_part");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_recurrences_payout_key" ON "payout_recurrences" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_recurrences_due_idx" ON "payout_recurrences" USING btree ("status","next_date");--> statement-breakpoint
CREATE INDEX "employee_password_resets_user_idx" ON "employee_password_resets" USING btree ("employee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_groups_account_name_key" ON "payroll_groups" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "payroll_import_batches_account_idx" ON "payroll_import_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_import_entries_batch_row_key" ON "payroll_import_entries" USING btree ("batch_id","row_no");--> statement-breakpoint
CREATE INDEX "payroll_import_entries_pending_idx" ON "payroll_import_entries" USING btree ("batch_id","name_status");--> statement-breakpoint
CREATE INDEX "card_authorizations_transaction_idx" ON "card_authorizations" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payout_quotes_payout_idx" ON "payout_quotes" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_recurrence_occurrence_key" ON "payouts" USING btree ("recurrence_id","occurrence_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_parent_period_key" ON "payrolls" USING btree ("parent_id","period");