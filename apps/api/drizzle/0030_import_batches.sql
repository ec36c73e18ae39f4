-- One import pipeline (issue 36 §4): the vendor, bill and payroll employee import batches move into
-- one table with a kind (platform/imports). `source` keeps the sheet's records as read, so one row
-- can be fixed and checked again; for the batches moved here it is rebuilt from the checked rows
-- (their columns). Payroll's rows stay in payroll_import_entries (vault-sealed), now under
-- import_batches; its statuses map: validating → pending + checking, validated → pending,
-- committed → confirmed, discarded → discarded.
CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checking" boolean DEFAULT false NOT NULL,
	"source" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_account_kind_idx" ON "import_batches" USING btree ("account_id","kind","created_at");--> statement-breakpoint
INSERT INTO "import_batches" ("id", "account_id", "kind", "file_name", "status", "source", "rows", "row_count", "created_by", "created_at", "updated_at", "confirmed_at")
SELECT b."id", b."account_id", 'vendors', b."file_name", b."status",
       coalesce((SELECT jsonb_agg(jsonb_build_object('line', (r->>'row')::int, 'values', jsonb_build_object(
                  'name', coalesce(r->>'name', ''), 'email', coalesce(r->>'email', ''),
                  'phone', coalesce(r->>'phone', ''), 'billingAddress', coalesce(r->>'billingAddress', ''),
                  'bankCode', coalesce(r->>'bankCode', ''), 'accountNumber', coalesce(r->>'accountNumber', ''))) ORDER BY o)
                   FROM jsonb_array_elements(b."rows") WITH ORDINALITY AS x(r, o)), '[]'::jsonb),
       b."rows", jsonb_array_length(b."rows"), b."created_by", b."created_at", coalesce(b."confirmed_at", b."created_at"), b."confirmed_at"
  FROM "payee_import_batches" b;--> statement-breakpoint
INSERT INTO "import_batches" ("id", "account_id", "kind", "file_name", "status", "source", "rows", "row_count", "created_by", "created_at", "updated_at", "confirmed_at")
SELECT b."id", b."account_id", 'bills', b."file_name", b."status",
       coalesce((SELECT jsonb_agg(jsonb_build_object('line', (r->>'row')::int, 'values', jsonb_build_object(
                  'vendorName', coalesce(r->>'vendorName', ''), 'vendorEmail', coalesce(r->>'vendorEmail', ''),
                  'bankCode', coalesce(r->>'bankCode', ''), 'accountNumber', coalesce(r->>'accountNumber', ''),
                  'amount', coalesce(r->>'amount', ''), 'invoiceNumber', coalesce(r->>'invoiceNumber', ''),
                  'description', coalesce(r->>'description', ''), 'dueDate', coalesce(r->>'dueDate', ''))) ORDER BY o)
                   FROM jsonb_array_elements(b."rows") WITH ORDINALITY AS x(r, o)), '[]'::jsonb),
       b."rows", jsonb_array_length(b."rows"), b."created_by", b."created_at", coalesce(b."confirmed_at", b."created_at"), b."confirmed_at"
  FROM "bill_import_batches" b;--> statement-breakpoint
INSERT INTO "import_batches" ("id", "account_id", "kind", "file_name", "status", "checking", "source", "rows", "row_count", "created_by", "created_at", "updated_at", "confirmed_at")
SELECT b."id", b."account_id", 'payroll-employees', coalesce(b."file_name", ''),
       CASE b."status" WHEN 'committed' THEN 'confirmed' WHEN 'discarded' THEN 'discarded' ELSE 'pending' END,
       b."status" = 'validating', '[]'::jsonb, '[]'::jsonb, b."total", b."user_id", b."created_at", b."updated_at",
       CASE WHEN b."status" = 'committed' THEN b."updated_at" END
  FROM "payroll_import_batches" b;--> statement-breakpoint
ALTER TABLE "payroll_import_entries" DROP CONSTRAINT "payroll_import_entries_batch_id_payroll_import_batches_id_fk";--> statement-breakpoint
ALTER TABLE "payroll_import_entries" ADD CONSTRAINT "payroll_import_entries_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP TABLE "payroll_import_batches";--> statement-breakpoint
DROP TABLE "payee_import_batches";--> statement-breakpoint
DROP TABLE "bill_import_batches";
