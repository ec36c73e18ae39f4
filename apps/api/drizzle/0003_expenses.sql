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
ALTER TABLE "expense_beneficiaries" ADD CONSTRAINT "expense_beneficiaries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products_and_services" ADD CONSTRAINT "products_and_services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expense_beneficiaries_account_key" ON "expense_beneficiaries" USING btree ("account_id","bank_code","account_number");--> statement-breakpoint
CREATE INDEX "expense_beneficiaries_recent_idx" ON "expense_beneficiaries" USING btree ("account_id","last_used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_reference_key" ON "expenses" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "expenses_account_created_idx" ON "expenses" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "expenses_account_status_idx" ON "expenses" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "products_and_services_account_idx" ON "products_and_services" USING btree ("account_id","name");