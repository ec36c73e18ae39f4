CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text,
	"actor_email" text,
	"api_key_id" uuid,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"resource_id" text,
	"status_code" integer NOT NULL,
	"ip" text,
	"request_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"issuer_authorization_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"merchant_name" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"holder_user_id" uuid NOT NULL,
	"label" text,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"issuer_token" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"per_transaction_limit_minor" bigint NOT NULL,
	"monthly_limit_minor" bigint NOT NULL,
	"allowed_categories" text[] DEFAULT '{}' NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"spent_month" text,
	"spent_month_minor" bigint DEFAULT 0 NOT NULL,
	"wallet_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"role_slug" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event" text NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" jsonb NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inflow_customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inflow_partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"percentage_bp" integer NOT NULL,
	"cap_minor" bigint DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_collection_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text,
	"bank_name" text,
	"refundable_amount_minor" bigint NOT NULL,
	"transaction_id" uuid,
	"attempt" integer DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_installments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"percentage_bp" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"amount_paid_minor" bigint DEFAULT 0 NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'pending' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"applied_minor" bigint NOT NULL,
	"overage_minor" bigint DEFAULT 0 NOT NULL,
	"sender_name" text NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"basis_id" uuid,
	"percentage_bp" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"capped" boolean DEFAULT false NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"maker_name" text NOT NULL,
	"agent_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"approval_status" text DEFAULT 'none' NOT NULL,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"products" jsonb NOT NULL,
	"initial_amount_minor" bigint NOT NULL,
	"discount_type" text,
	"discount_value" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"amount_minor" bigint NOT NULL,
	"amount_paid_minor" bigint DEFAULT 0 NOT NULL,
	"settlement_strategy" text DEFAULT 'consolidated' NOT NULL,
	"partner_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_option" text,
	"va_number" text,
	"va_bank_code" text,
	"va_bank_name" text,
	"va_account_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"meter_no" text NOT NULL,
	"disco" text NOT NULL,
	"vend_type" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"label" text,
	"phone_no" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vending_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vending_orders_reference_key" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "vending_sandbox_vends" (
	"request_id" text PRIMARY KEY NOT NULL,
	"disco" text NOT NULL,
	"meter_no" text NOT NULL,
	"vend_type" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"token" text,
	"units" text,
	"receipt_no" text NOT NULL,
	"order_id" text NOT NULL,
	"debt_amount_minor" bigint,
	"debt_remaining_minor" bigint,
	"failure_reason" text,
	"ready_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"meter_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" uuid,
	"meta" jsonb NOT NULL,
	"response" jsonb,
	"failure_reason" text,
	"requeries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendings_reference_key" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "payee_bank_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"previous_bank_code" text NOT NULL,
	"previous_account_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"billing_address" text,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "payout_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"payout_id" uuid NOT NULL,
	"scheduled_date" date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"ran_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"subsidiary_id" uuid,
	"reference" text NOT NULL,
	"payout_option" text NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"narration" text NOT NULL,
	"category_id" uuid,
	"project_id" uuid,
	"assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scheduled_date" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_attempt" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"salary_minor" bigint NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"annual_rent_minor" bigint DEFAULT 0 NOT NULL,
	"nhf_enabled" boolean DEFAULT true NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_number_hmac" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"group_id" uuid,
	"invite_token_hash" text,
	"invite_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payroll_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"employee_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"gross_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"employer_costs" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"failure_reason" text
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"paye_bands" jsonb,
	"rent_relief_bp" integer DEFAULT 2000 NOT NULL,
	"rent_relief_cap_minor" bigint DEFAULT 50000000 NOT NULL,
	"pension_employee_bp" integer DEFAULT 800 NOT NULL,
	"pension_employer_bp" integer DEFAULT 1000 NOT NULL,
	"pension_min_employees" integer DEFAULT 3 NOT NULL,
	"nhf_bp" integer DEFAULT 250 NOT NULL,
	"nhf_default" boolean DEFAULT true NOT NULL,
	"nsitf_bp" integer DEFAULT 100 NOT NULL,
	"nsitf_base" text DEFAULT 'gross' NOT NULL,
	"minimum_wage_exempt" boolean DEFAULT false NOT NULL,
	"minimum_wage_monthly_minor" bigint DEFAULT 7000000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payrolls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"wallet_id" uuid NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"days_create" integer,
	"days_process" integer,
	"scheduled_pay_date" date,
	"employee_count" integer NOT NULL,
	"gross_minor" bigint NOT NULL,
	"net_minor" bigint NOT NULL,
	"employer_cost_minor" bigint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"employer_costs" jsonb NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_asset_inventory" (
	"asset_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "payout_asset_inventory_asset_id_product_id_pk" PRIMARY KEY("asset_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "payout_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"brand" text NOT NULL,
	"model_no" text NOT NULL,
	"serial_no" text NOT NULL,
	"location" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" uuid NOT NULL,
	"access_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_id_access_id_pk" PRIMARY KEY("project_id","access_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"budget_minor" bigint,
	"start_date" date,
	"end_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "scheduled_date" date;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurrence" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurrence_end_date" date;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "next_run_on" date;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "occurrence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "parent_expense_id" uuid;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_customers" ADD CONSTRAINT "inflow_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inflow_partners" ADD CONSTRAINT "inflow_partners_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_collection_refunds" ADD CONSTRAINT "invoice_collection_refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_collection_refunds" ADD CONSTRAINT "invoice_collection_refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_collection_refunds" ADD CONSTRAINT "invoice_collection_refunds_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_installments" ADD CONSTRAINT "invoice_installments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_installments" ADD CONSTRAINT "invoice_installments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settlements" ADD CONSTRAINT "invoice_settlements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settlements" ADD CONSTRAINT "invoice_settlements_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_settlements" ADD CONSTRAINT "invoice_settlements_partner_id_inflow_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."inflow_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_inflow_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."inflow_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vending_orders" ADD CONSTRAINT "vending_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vending_orders" ADD CONSTRAINT "vending_orders_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendings" ADD CONSTRAINT "vendings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendings" ADD CONSTRAINT "vendings_order_id_vending_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."vending_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_bank_changes" ADD CONSTRAINT "payee_bank_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_bank_changes" ADD CONSTRAINT "payee_bank_changes_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payee_bank_changes" ADD CONSTRAINT "payee_bank_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payees" ADD CONSTRAINT "payees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_quotes" ADD CONSTRAINT "payout_quotes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_schedules" ADD CONSTRAINT "payout_schedules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_schedules" ADD CONSTRAINT "payout_schedules_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD CONSTRAINT "payroll_employees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD CONSTRAINT "payroll_rows_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD CONSTRAINT "payroll_rows_employee_id_payroll_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."payroll_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_asset_inventory" ADD CONSTRAINT "payout_asset_inventory_asset_id_payout_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."payout_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_asset_inventory" ADD CONSTRAINT "payout_asset_inventory_product_id_products_and_services_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_and_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_assets" ADD CONSTRAINT "payout_assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_access_id_account_members_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."account_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_account_created_idx" ON "audit_log" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_account_action_idx" ON "audit_log" USING btree ("account_id","action","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_issuer_id_key" ON "card_authorizations" USING btree ("issuer_authorization_id");--> statement-breakpoint
CREATE INDEX "card_authorizations_card_created_idx" ON "card_authorizations" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_issuer_token_key" ON "cards" USING btree ("issuer_token");--> statement-breakpoint
CREATE INDEX "cards_account_created_idx" ON "cards" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_key" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_idx" ON "webhook_endpoints" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "inflow_customers_account_created_idx" ON "inflow_customers" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "inflow_partners_account_created_idx" ON "inflow_partners" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_collection_refunds_invoice_idx" ON "invoice_collection_refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_installments_invoice_idx" ON "invoice_installments" USING btree ("invoice_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_transaction_key" ON "invoice_payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_settlements_invoice_idx" ON "invoice_settlements" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_settlements_partner_idx" ON "invoice_settlements" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_settlements_basis_key" ON "invoice_settlements" USING btree ("invoice_id","partner_id","basis","basis_id") WHERE "invoice_settlements"."basis_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reference_key" ON "invoices" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_va_number_key" ON "invoices" USING btree ("va_number");--> statement-breakpoint
CREATE INDEX "invoices_account_created_idx" ON "invoices" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meters_account_disco_meter_key" ON "meters" USING btree ("account_id","disco","meter_no");--> statement-breakpoint
CREATE INDEX "meters_account_created_idx" ON "meters" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "vending_orders_account_idx" ON "vending_orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "vendings_account_created_idx" ON "vendings" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "vendings_order_idx" ON "vendings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vendings_meter_idx" ON "vendings" USING btree ("account_id","meter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payee_bank_changes_one_pending_key" ON "payee_bank_changes" USING btree ("payee_id") WHERE "payee_bank_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payee_bank_changes_payee_idx" ON "payee_bank_changes" USING btree ("payee_id","created_at");--> statement-breakpoint
CREATE INDEX "payees_account_created_idx" ON "payees" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payees_account_bank_key" ON "payees" USING btree ("account_id","bank_code","account_number");--> statement-breakpoint
CREATE INDEX "payees_account_email_idx" ON "payees" USING btree ("account_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_quotes_reference_key" ON "payout_quotes" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payout_quotes_account_created_idx" ON "payout_quotes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_schedules_payout_key" ON "payout_schedules" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_schedules_due_idx" ON "payout_schedules" USING btree ("status","scheduled_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_key" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payouts_account_created_idx" ON "payouts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_payee_idx" ON "payouts" USING btree ("payee_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_employees_account_email_key" ON "payroll_employees" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "payroll_employees_account_created_idx" ON "payroll_employees" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_rows_payroll_row_key" ON "payroll_rows" USING btree ("payroll_id","row_no");--> statement-breakpoint
CREATE INDEX "payroll_rows_account_idx" ON "payroll_rows" USING btree ("account_id","payroll_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_reference_key" ON "payrolls" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payrolls_account_created_idx" ON "payrolls" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payout_asset_inventory_product_idx" ON "payout_asset_inventory" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "payout_assets_account_created_idx" ON "payout_assets" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_assets_account_serial_key" ON "payout_assets" USING btree ("account_id",lower("serial_no"));--> statement-breakpoint
CREATE INDEX "project_members_access_idx" ON "project_members" USING btree ("access_id");--> statement-breakpoint
CREATE INDEX "projects_account_created_idx" ON "projects" USING btree ("account_id","active","created_at");--> statement-breakpoint
CREATE INDEX "expenses_next_run_idx" ON "expenses" USING btree ("next_run_on");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_occurrence_key" ON "expenses" USING btree ("parent_expense_id","occurrence");