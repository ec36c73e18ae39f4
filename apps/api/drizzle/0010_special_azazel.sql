CREATE TABLE "invoice_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"installment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "source_account_number" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "source_bank_code" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "source_bank_name" text;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_installment_id_invoice_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."invoice_installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_installment_kind_key" ON "invoice_reminders" USING btree ("installment_id","kind");