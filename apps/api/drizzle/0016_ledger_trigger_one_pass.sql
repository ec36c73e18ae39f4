-- The ledger's statement trigger (0001), the same rules in one read of the new postings fewer:
-- the currency check (each posting in its ledger account's currency) rides in the per-account loop's
-- query instead of a join of its own. Any violation still raises before the statement completes, so
-- the whole statement (and its transaction) is rolled back with the balances it moved.
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
  FOR r IN
    SELECT n.ledger_account_id AS id, sum(n.amount) AS delta, bool_and(la.account_id IS NULL) AS is_system,
           min(la.currency) AS la_currency,
           (array_agg(n.id) FILTER (WHERE n.currency <> la.currency))[1] AS bad_id,
           min(n.currency) FILTER (WHERE n.currency <> la.currency) AS bad_currency
      FROM new_rows n JOIN ledger_accounts la ON la.id = n.ledger_account_id
     GROUP BY n.ledger_account_id
     ORDER BY n.ledger_account_id
  LOOP
    IF r.bad_id IS NOT NULL THEN
      RAISE EXCEPTION 'posting % in % on a % ledger account', r.bad_id, r.bad_currency, r.la_currency USING ERRCODE = 'check_violation';
    END IF;
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
