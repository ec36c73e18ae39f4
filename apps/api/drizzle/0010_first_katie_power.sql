ALTER TABLE "payroll_employees" ADD COLUMN "state_of_residence" text;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "pfa_name" text;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "rsa_pin" text;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "rsa_pin_last4" text;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "nhf_number" text;