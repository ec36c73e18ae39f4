CREATE TABLE "ap_policies" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"auto_approve_below_minor" bigint DEFAULT 0 NOT NULL,
	"four_eyes" boolean DEFAULT true NOT NULL,
	"over_budget" text DEFAULT 'block' NOT NULL,
	"receipts_required_above_minor" bigint,
	"kyc_incomplete_cap_minor" bigint DEFAULT 10000000 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"round" integer NOT NULL,
	"level" integer NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"comments" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payee" text,
	"decided_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"reference" text,
	"workflow_id" uuid,
	"workflow_name" text NOT NULL,
	"levels" jsonb NOT NULL,
	"current_level" integer DEFAULT 0 NOT NULL,
	"current_approver_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"payee" text,
	"description" text,
	"category_id" uuid,
	"subsidiary_id" uuid,
	"rejection_resolver_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"four_eyes" boolean DEFAULT true NOT NULL,
	"last_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"amount_from_minor" bigint,
	"amount_to_minor" bigint,
	"category_id" uuid,
	"subsidiary_id" uuid,
	"levels" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"budget_minor" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_beneficiaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"email" text,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"subsidiary_id" uuid,
	"reference" text NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account_number" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"purpose" jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approver_id" uuid,
	"project_id" uuid,
	"beneficiary_email" text,
	"notify_beneficiary" boolean DEFAULT false NOT NULL,
	"beneficiary_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_attempt" integer DEFAULT 0 NOT NULL,
	"transaction_id" uuid,
	"failure_reason" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products_and_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"amount_minor" bigint NOT NULL,
	"category" text DEFAULT 'Outflow' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ap_policies" ADD CONSTRAINT "ap_policies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ap_policies" ADD CONSTRAINT "ap_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_item_id_approval_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."approval_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_items" ADD CONSTRAINT "approval_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_items" ADD CONSTRAINT "approval_items_workflow_id_approval_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."approval_workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_items" ADD CONSTRAINT "approval_items_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_workflows" ADD CONSTRAINT "approval_workflows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_workflows" ADD CONSTRAINT "approval_workflows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_categories" ADD CONSTRAINT "payout_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_beneficiaries" ADD CONSTRAINT "expense_beneficiaries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products_and_services" ADD CONSTRAINT "products_and_services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_decisions_item_seq_key" ON "approval_decisions" USING btree ("item_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_items_resource_key" ON "approval_items" USING btree ("account_id","type","resource_id");--> statement-breakpoint
CREATE INDEX "approval_items_pending_idx" ON "approval_items" USING gin ("current_approver_ids") WHERE "approval_items"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_items_account_status_idx" ON "approval_items" USING btree ("account_id","type","status","created_at");--> statement-breakpoint
CREATE INDEX "approval_workflows_account_type_idx" ON "approval_workflows" USING btree ("account_id","type");--> statement-breakpoint
CREATE INDEX "payout_categories_account_idx" ON "payout_categories" USING btree ("account_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_beneficiaries_account_key" ON "expense_beneficiaries" USING btree ("account_id","bank_code","account_number");--> statement-breakpoint
CREATE INDEX "expense_beneficiaries_recent_idx" ON "expense_beneficiaries" USING btree ("account_id","last_used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_reference_key" ON "expenses" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "expenses_account_created_idx" ON "expenses" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "expenses_account_status_idx" ON "expenses" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "products_and_services_account_idx" ON "products_and_services" USING btree ("account_id","name");