-- One import pipeline (issue 36 §4): the vendor and bill import batches move into one table with a
-- kind (platform/imports). `source` keeps the sheet's records as read, so one row can be fixed and
-- checked again; for the batches moved here it is rebuilt from the checked rows (their columns).
CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_account_kind_idx" ON "import_batches" USING btree ("account_id","kind","created_at");--> statement-breakpoint
INSERT INTO "import_batches" ("id", "account_id", "kind", "file_name", "status", "source", "rows", "created_by", "created_at", "confirmed_at")
SELECT b."id", b."account_id", 'vendors', b."file_name", b."status",
       coalesce((SELECT jsonb_agg(jsonb_build_object('line', (r->>'row')::int, 'values', jsonb_build_object(
                  'name', coalesce(r->>'name', ''), 'email', coalesce(r->>'email', ''),
                  'phone', coalesce(r->>'phone', ''), 'billingAddress', coalesce(r->>'billingAddress', ''),
                  'bankCode', coalesce(r->>'bankCode', ''), 'accountNumber', coalesce(r->>'accountNumber', ''))) ORDER BY o)
                   FROM jsonb_array_elements(b."rows") WITH ORDINALITY AS x(r, o)), '[]'::jsonb),
       b."rows", b."created_by", b."created_at", b."confirmed_at"
  FROM "payee_import_batches" b;--> statement-breakpoint
INSERT INTO "import_batches" ("id", "account_id", "kind", "file_name", "status", "source", "rows", "created_by", "created_at", "confirmed_at")
SELECT b."id", b."account_id", 'bills', b."file_name", b."status",
       coalesce((SELECT jsonb_agg(jsonb_build_object('line', (r->>'row')::int, 'values', jsonb_build_object(
                  'vendorName', coalesce(r->>'vendorName', ''), 'vendorEmail', coalesce(r->>'vendorEmail', ''),
                  'bankCode', coalesce(r->>'bankCode', ''), 'accountNumber', coalesce(r->>'accountNumber', ''),
                  'amount', coalesce(r->>'amount', ''), 'invoiceNumber', coalesce(r->>'invoiceNumber', ''),
                  'description', coalesce(r->>'description', ''), 'dueDate', coalesce(r->>'dueDate', ''))) ORDER BY o)
                   FROM jsonb_array_elements(b."rows") WITH ORDINALITY AS x(r, o)), '[]'::jsonb),
       b."rows", b."created_by", b."created_at", b."confirmed_at"
  FROM "bill_import_batches" b;--> statement-breakpoint
DROP TABLE "payee_import_batches";--> statement-breakpoint
DROP TABLE "bill_import_batches";
