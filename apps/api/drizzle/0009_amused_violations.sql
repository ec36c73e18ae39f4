CREATE TABLE "card_issuer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"issuer_event_id" text NOT NULL,
	"event" text NOT NULL,
	"authorization_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "settled_minor" bigint;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "refunded_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD COLUMN "receipt_file" text;--> statement-breakpoint
ALTER TABLE "card_issuer_events" ADD CONSTRAINT "card_issuer_events_authorization_id_card_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."card_authorizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_issuer_events_issuer_event_id_key" ON "card_issuer_events" USING btree ("issuer_event_id");--> statement-breakpoint
CREATE INDEX "card_authorizations_transaction_idx" ON "card_authorizations" USING btree ("transaction_id");