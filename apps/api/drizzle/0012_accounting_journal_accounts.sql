ALTER TABLE "accounting_connections" ADD COLUMN "employer_pension_account_id" text;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "nsitf_expense_account_id" text;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "paye_payable_account_id" text;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "pension_payable_account_id" text;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "nhf_payable_account_id" text;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "nsitf_payable_account_id" text;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "other_deductions_account_id" text;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD COLUMN "bank_charges_account_id" text;