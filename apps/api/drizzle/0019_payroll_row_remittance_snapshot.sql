ALTER TABLE "payroll_rows" ADD COLUMN "state_of_residence" text;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD COLUMN "pfa_name" text;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD COLUMN "rsa_pin" text;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD COLUMN "rsa_pin_last4" text;--> statement-breakpoint
ALTER TABLE "payroll_rows" ADD COLUMN "nhf_number" text;--> statement-breakpoint
-- Rows written before the snapshot take the employee's fields as they are now (the best record
-- left); the RSA PIN's ciphertext is copied as it is (sealed under `payroll_employees.rsa_pin`).
UPDATE "payroll_rows" r SET "state_of_residence" = e."state_of_residence", "pfa_name" = e."pfa_name",
  "rsa_pin" = e."rsa_pin", "rsa_pin_last4" = e."rsa_pin_last4", "nhf_number" = e."nhf_number"
FROM "payroll_employees" e WHERE e."id" = r."employee_id" AND e."account_id" = r."account_id";
