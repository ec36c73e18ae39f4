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
ALTER TABLE "payrolls" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "payrolls" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "employee_password_resets" ADD CONSTRAINT "employee_password_resets_employee_user_id_employee_users_id_fk" FOREIGN KEY ("employee_user_id") REFERENCES "public"."employee_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_groups" ADD CONSTRAINT "payroll_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_import_batches" ADD CONSTRAINT "payroll_import_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_import_batches" ADD CONSTRAINT "payroll_import_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_import_entries" ADD CONSTRAINT "payroll_import_entries_batch_id_payroll_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payroll_import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_password_resets_user_idx" ON "employee_password_resets" USING btree ("employee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_groups_account_name_key" ON "payroll_groups" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "payroll_import_batches_account_idx" ON "payroll_import_batches" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_import_entries_batch_row_key" ON "payroll_import_entries" USING btree ("batch_id","row_no");--> statement-breakpoint
CREATE INDEX "payroll_import_entries_pending_idx" ON "payroll_import_entries" USING btree ("batch_id","name_status");--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_parent_period_key" ON "payrolls" USING btree ("parent_id","period");