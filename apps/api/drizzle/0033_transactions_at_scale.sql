-- The transactions list at two million rows (issue 38 §1, decision 018).
-- 1. The list's order as one index, (account_id, created_at desc, id desc): a page is read from it
--    with no sort, and the page's ids past an offset come from the index alone (index-only scan);
--    it replaces (account_id, created_at), which every other reader used by its prefix.
-- 2. Per-company row counts in shards, kept by statement triggers in the writer's transaction (as the
--    insights rollup and list_changes): the unfiltered list's total is a sum of at most 8 rows, not a
--    count of a million index entries. A writer updates the shard of its backend (pg_backend_pid()
--    % 8), so concurrent writers of one company rarely wait on one row; keys in account order.
-- 3. pg_trgm over the text a search reads (reference, narration, counterparty name, account name and
--    number), so `search` finds its rows through a trigram index instead of reading every row.
CREATE INDEX "transactions_account_created_id_idx" ON "transactions" USING btree ("account_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_account_created_idx";--> statement-breakpoint
CREATE TABLE "transaction_counts" (
	"account_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "transaction_counts_pk" PRIMARY KEY ("account_id", "shard")
);
--> statement-breakpoint
CREATE FUNCTION transaction_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_counts AS c (account_id, shard, n)
    SELECT n.account_id, pg_backend_pid() % 8, count(*) FROM new_rows n GROUP BY 1 ORDER BY 1
    ON CONFLICT (account_id, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_counts AS c (account_id, shard, n)
    SELECT o.account_id, pg_backend_pid() % 8, -count(*) FROM old_rows o GROUP BY 1 ORDER BY 1
    ON CONFLICT (account_id, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    DELETE FROM transaction_counts;
    INSERT INTO transaction_counts (account_id, shard, n) SELECT account_id, 0, count(*) FROM transactions GROUP BY 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_counts_ins AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_counts_del AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_counts_truncate AFTER TRUNCATE ON transactions FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_apply();
--> statement-breakpoint
INSERT INTO transaction_counts (account_id, shard, n) SELECT account_id, 0, count(*) FROM transactions GROUP BY 1;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE FUNCTION transaction_search_text(reference text, narration text, counterparty jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(chr(31), reference, narration, counterparty->>'name', counterparty->>'accountName', counterparty->>'accountNumber')
$$;
--> statement-breakpoint
CREATE INDEX "transactions_search_trgm_idx" ON "transactions" USING gin (transaction_search_text("reference", "narration", "counterparty") gin_trgm_ops);
