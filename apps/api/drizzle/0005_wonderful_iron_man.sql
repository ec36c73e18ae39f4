CREATE TABLE "card_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"issuer_authorization_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"merchant_name" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"holder_user_id" uuid NOT NULL,
	"label" text,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"issuer_token" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"per_transaction_limit_minor" bigint NOT NULL,
	"monthly_limit_minor" bigint NOT NULL,
	"allowed_categories" text[] DEFAULT '{}' NOT NULL,
	"single_use" boolean DEFAULT false NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"spent_month" text,
	"spent_month_minor" bigint DEFAULT 0 NOT NULL,
	"wallet_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_issuer_id_key" ON "card_authorizations" USING btree ("issuer_authorization_id");--> statement-breakpoint
CREATE INDEX "card_authorizations_card_created_idx" ON "card_authorizations" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cards_issuer_token_key" ON "cards" USING btree ("issuer_token");--> statement-breakpoint
CREATE INDEX "cards_account_created_idx" ON "cards" USING btree ("account_id","created_at");