CREATE TABLE "employee_bank_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_number_hmac" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"name_matches" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "employee_bank_changes" ADD CONSTRAINT "employee_bank_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_bank_changes" ADD CONSTRAINT "employee_bank_changes_employee_id_payroll_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."payroll_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_bank_changes_one_pending_key" ON "employee_bank_changes" USING btree ("employee_id") WHERE "employee_bank_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "employee_bank_changes_employee_idx" ON "employee_bank_changes" USING btree ("employee_id","created_at");