-- System accounts (account_id null: clearing:<rail>, fees-revenue, suspense) are touched by every
-- company's settlements; their cached balance moves into ledger_balance_shards (one shard per backend,
-- pg_backend_pid() % 16) so concurrent settlements do not queue on one row through their commits.
-- A system account's cached balance = ledger_accounts.balance + sum of its shards.
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
