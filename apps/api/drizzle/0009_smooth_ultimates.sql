ALTER TABLE "payees" ADD COLUMN "currency" text DEFAULT 'NGN' NOT NULL;--> statement-breakpoint
ALTER TABLE "payees" ADD COLUMN "foreign_bank" jsonb;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "channel" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recipient_currency" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recipient_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "fx_rate" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "wire_purpose" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "wire_narration" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sender_details" jsonb;