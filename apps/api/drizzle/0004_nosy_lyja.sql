CREATE TABLE "meters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"meter_no" text NOT NULL,
	"disco" text NOT NULL,
	"vend_type" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"label" text,
	"phone_no" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vending_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"wallet_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vending_orders_reference_key" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "vending_sandbox_vends" (
	"request_id" text PRIMARY KEY NOT NULL,
	"disco" text NOT NULL,
	"meter_no" text NOT NULL,
	"vend_type" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"token" text,
	"units" text,
	"receipt_no" text NOT NULL,
	"order_id" text NOT NULL,
	"debt_amount_minor" bigint,
	"debt_remaining_minor" bigint,
	"failure_reason" text,
	"ready_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"meter_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"transaction_id" uuid,
	"meta" jsonb NOT NULL,
	"response" jsonb,
	"failure_reason" text,
	"requeries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendings_reference_key" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vending_orders" ADD CONSTRAINT "vending_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vending_orders" ADD CONSTRAINT "vending_orders_maker_user_id_users_id_fk" FOREIGN KEY ("maker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendings" ADD CONSTRAINT "vendings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendings" ADD CONSTRAINT "vendings_order_id_vending_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."vending_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meters_account_disco_meter_key" ON "meters" USING btree ("account_id","disco","meter_no");--> statement-breakpoint
CREATE INDEX "meters_account_created_idx" ON "meters" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "vending_orders_account_idx" ON "vending_orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "vendings_account_created_idx" ON "vendings" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "vendings_order_idx" ON "vendings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vendings_meter_idx" ON "vendings" USING btree ("account_id","meter_id");