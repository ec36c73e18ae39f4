-- Ledger rules the database enforces whatever the application does (docs/decisions/002-ledger.md).
-- 1. postings and journal_entries are append-only: corrections are reversing entries.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused; post a reversing entry instead', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- 2. After each statement inserting postings: every touched entry balances per currency, each posting is
--    in its ledger account's currency, and the cached balances move by exactly the postings: customer
--    accounts on ledger_accounts.balance (locked in id order so concurrent entries never deadlock), system
--    accounts (account_id null: clearing:<rail>, fees-revenue, suspense) in ledger_balance_shards (shard =
--    pg_backend_pid() % 16) so settlements from every company do not queue on one row.
--    A system account's cached balance = ledger_accounts.balance + sum of its shards.
CREATE OR REPLACE FUNCTION ledger_after_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  SELECT p.entry_id, p.currency, sum(p.amount) AS s INTO r
    FROM postings p
   WHERE p.entry_id IN (SELECT DISTINCT n.entry_id FROM new_rows n)
   GROUP BY p.entry_id, p.currency
  HAVING sum(p.amount) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'unbalanced journal entry % in %: postings sum to %', r.entry_id, r.currency, r.s USING ERRCODE = 'check_violation';
  END IF;
  SELECT n.id, n.currency, la.currency AS la_currency INTO r
    FROM new_rows n JOIN ledger_accounts la ON la.id = n.ledger_account_id
   WHERE la.currency <> n.currency
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'posting % in % on a % ledger account', r.id, r.currency, r.la_currency USING ERRCODE = 'check_violation';
  END IF;
  FOR r IN
    SELECT n.ledger_account_id AS id, sum(n.amount) AS delta, bool_and(la.account_id IS NULL) AS is_system
      FROM new_rows n JOIN ledger_accounts la ON la.id = n.ledger_account_id
     GROUP BY n.ledger_account_id
     ORDER BY n.ledger_account_id
  LOOP
    IF r.is_system THEN
      INSERT INTO ledger_balance_shards AS s (ledger_account_id, shard, balance)
      VALUES (r.id, (pg_backend_pid() % 16)::smallint, r.delta)
      ON CONFLICT (ledger_account_id, shard) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
    ELSE
      UPDATE ledger_accounts SET balance = balance + r.delta WHERE id = r.id;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER postings_after_insert AFTER INSERT ON postings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_after_postings();
