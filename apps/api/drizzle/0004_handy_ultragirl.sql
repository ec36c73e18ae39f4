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
ALTER TABLE "payroll_employees" ADD CONSTRAINT "payroll_employees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD CONSTRAINT "payroll_rows_payroll_id_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."payrolls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD CONSTRAINT "payroll_rows_employee_id_payroll_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."payroll_employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_employees_account_email_key" ON "payroll_employees" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "payroll_employees_account_created_idx" ON "payroll_employees" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_rows_payroll_row_key" ON "payroll_rows" USING btree ("payroll_id","row_no");--> statement-breakpoint
CREATE INDEX "payroll_rows_account_idx" ON "payroll_rows" USING btree ("account_id","payroll_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_reference_key" ON "payrolls" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payrolls_account_created_idx" ON "payrolls" USING btree ("account_id","created_at","id");