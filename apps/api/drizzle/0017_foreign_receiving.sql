ALTER TABLE "wallets" ADD COLUMN "virtual_routing_number" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "virtual_sort_code" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "virtual_iban" text;--> statement-breakpoint
ALTER TABLE "sandbox_virtual_accounts" ADD COLUMN "currency" text DEFAULT 'NGN' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_virtual_accounts" ADD COLUMN "routing_number" text;--> statement-breakpoint
ALTER TABLE "sandbox_virtual_accounts" ADD COLUMN "sort_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_virtual_accounts" ADD COLUMN "iban" text;