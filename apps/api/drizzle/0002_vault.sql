CREATE TABLE "vault_reads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field" text NOT NULL,
	"record_id" text NOT NULL,
	"actor_user_id" uuid,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_kyb" ADD COLUMN "bvn_hmac" text;--> statement-breakpoint
ALTER TABLE "account_kyb" ADD COLUMN "bvn_last4" text;--> statement-breakpoint
ALTER TABLE "account_owners" ADD COLUMN "bvn_hmac" text;--> statement-breakpoint
ALTER TABLE "account_owners" ADD COLUMN "bvn_last4" text;--> statement-breakpoint
CREATE INDEX "vault_reads_record_idx" ON "vault_reads" USING btree ("field","record_id");