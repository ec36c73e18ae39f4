ALTER TABLE "payroll_employees" ADD COLUMN "state_of_residence" text;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "pfa_name" text;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "rsa_pin" text;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "rsa_pin_last4" text;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "nhf_number" text;--> statement-breakpoint
ALTER TABLE "payroll_import_entries" ADD COLUMN "state_of_residence" text;--> statement-breakpoint
ALTER TABLE "payroll_import_entries" ADD COLUMN "pfa_name" text;--> statement-breakpoint
ALTER TABLE "payroll_import_entries" ADD COLUMN "rsa_pin" text;--> statement-breakpoint
ALTER TABLE "payroll_import_entries" ADD COLUMN "rsa_pin_last4" text;--> statement-breakpoint
ALTER TABLE "payroll_import_entries" ADD COLUMN "nhf_number" text;