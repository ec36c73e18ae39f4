CREATE TABLE "payout_asset_inventory" (
	"asset_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "payout_asset_inventory_asset_id_product_id_pk" PRIMARY KEY("asset_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "payout_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"brand" text NOT NULL,
	"model_no" text NOT NULL,
	"serial_no" text NOT NULL,
	"location" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" uuid NOT NULL,
	"access_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_id_access_id_pk" PRIMARY KEY("project_id","access_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"budget_minor" bigint,
	"start_date" date,
	"end_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_asset_inventory" ADD CONSTRAINT "payout_asset_inventory_asset_id_payout_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."payout_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_asset_inventory" ADD CONSTRAINT "payout_asset_inventory_product_id_products_and_services_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products_and_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_assets" ADD CONSTRAINT "payout_assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_access_id_account_members_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."account_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_asset_inventory_product_idx" ON "payout_asset_inventory" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "payout_assets_account_created_idx" ON "payout_assets" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_assets_account_serial_key" ON "payout_assets" USING btree ("account_id",lower("serial_no"));--> statement-breakpoint
CREATE INDEX "project_members_access_idx" ON "project_members" USING btree ("access_id");--> statement-breakpoint
CREATE INDEX "projects_account_created_idx" ON "projects" USING btree ("account_id","active","created_at");