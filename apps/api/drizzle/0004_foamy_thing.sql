ALTER TABLE "expenses" ADD COLUMN "scheduled_date" date;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurrence" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurrence_end_date" date;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "next_run_on" date;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "occurrence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "parent_expense_id" uuid;--> statement-breakpoint
CREATE INDEX "expenses_next_run_idx" ON "expenses" USING btree ("next_run_on");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_occurrence_key" ON "expenses" USING btree ("parent_expense_id","occurrence");