-- The insights' daily rollup of a statement that folds its trigger work (migration 0035, decision 021):
-- the in-flight settle skips `transactions_insight_daily_upd` and used to upsert `insight_daily` itself,
-- so the money module wrote the insights' table and held a copy of the rollup's key rule (issue 36 §3:
-- no module writes another's tables). The rollup of such a statement is now this function, owned by
-- insights beside `insight_daily_apply_row` (0020/0035): given the rows that became 'success' (as
-- arrays, one element per row: no earlier success to take away), it adds them under their key (the
-- Lagos day of created_at, the payee of insight_daily_key_payee), summed per key, since one statement
-- may not upsert a key twice, and in key order. The caller passes the rows after its statement has
-- locked their wallets, as the trigger ran after the wallet's update, so no two writers deadlock on a
-- key. Answers the number of keys written.
CREATE OR REPLACE FUNCTION insight_daily_apply_rows(
  account_ids uuid[], currencies text[], created_ats timestamptz[], types text[], counterparties jsonb[],
  amounts bigint[], fees bigint[]
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  INSERT INTO insight_daily AS d (account_id, currency, day, type, payee, amount_minor, fee_minor, count)
  SELECT k.account_id, k.currency, (k.created_at AT TIME ZONE 'Africa/Lagos')::date, k.type,
         insight_daily_key_payee(k.counterparty), sum(k.amount), sum(k.fee), count(*)
    FROM unnest(account_ids, currencies, created_ats, types, counterparties, amounts, fees)
      AS k(account_id, currency, created_at, type, counterparty, amount, fee)
   GROUP BY 1, 2, 3, 4, 5
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, currency, day, type, payee) DO UPDATE
    SET amount_minor = d.amount_minor + excluded.amount_minor,
        fee_minor = d.fee_minor + excluded.fee_minor,
        count = d.count + excluded.count;
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$;
