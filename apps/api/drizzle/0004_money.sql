CREATE TABLE "rails_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"reference" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"result" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "rails_webhook_events_provider_event_key" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE INDEX "rails_webhook_events_unprocessed_idx" ON "rails_webhook_events" USING btree ("received_at") WHERE "rails_webhook_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "rails_webhook_events_reference_idx" ON "rails_webhook_events" USING btree ("reference");