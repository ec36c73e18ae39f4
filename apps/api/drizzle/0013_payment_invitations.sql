CREATE TABLE "payment_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"ref_hash" text NOT NULL,
	"payer_name" text NOT NULL,
	"payer_email" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text,
	"wire_purpose" text,
	"narration" text,
	"transaction_id" uuid,
	"created_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_invitations" ADD CONSTRAINT "payment_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invitations" ADD CONSTRAINT "payment_invitations_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invitations" ADD CONSTRAINT "payment_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invitations_ref_hash_key" ON "payment_invitations" USING btree ("ref_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invitations_transaction_key" ON "payment_invitations" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payment_invitations_account_created_idx" ON "payment_invitations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_invitations_open_idx" ON "payment_invitations" USING btree ("account_id","currency","amount_minor","created_at") WHERE "payment_invitations"."status" in ('pending', 'payerConfirmed');