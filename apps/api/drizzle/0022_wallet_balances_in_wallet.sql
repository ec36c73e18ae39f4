-- A wallet's two ledger accounts keep their cached balance in the wallet row only (issue 23,
-- bench:ledger). Every statement that posts to them already moves `wallets.balance` (its `wallet`
-- account) or `wallets.pending_balance` (its `payouts-in-flight` account) under the overdraft checks,
-- and `ledger:verify` holds both to the sum of their postings; the trigger's second copy in
-- `ledger_accounts.balance` cost every hold two more row updates. Those rows now hold 0 (the check
-- below keeps them there), system accounts keep their shards, and other company accounts (cards)
-- keep `ledger_accounts.balance` as before. `ledgerBalance()` reads whichever holds the balance.
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "wallet_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wallet_balance_in_wallet" CHECK ("ledger_accounts"."wallet_id" is null or "ledger_accounts"."balance" = 0);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_after_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  -- One statement reads everything the checks need (each statement run from a trigger costs as much
  -- as the work it does here):
  -- x, per ledger account, in one pass over the statement's postings: each exists and is in the
  --   posting's currency, and which kinds of account are posted to;
  -- ep, per entry and currency: the postings sum to zero (every earlier statement was held to the
  --   same rule and postings are append-only, so each entry stays balanced as a whole), the entry
  --   exists, and so do its transaction, that transaction's wallet (the transaction's account's own)
  --   and its creator (decision 008).
  SELECT x.*, ep.* INTO r
    FROM (
  SELECT (array_agg(n.ledger_account_id ORDER BY n.ledger_account_id) FILTER (WHERE la.id IS NULL))[1] AS unknown_id,
         (array_agg(n.id ORDER BY n.ledger_account_id, n.id) FILTER (WHERE n.currency <> la.currency))[1] AS bad_id,
         (array_agg(n.currency ORDER BY n.ledger_account_id, n.id) FILTER (WHERE n.currency <> la.currency))[1] AS bad_currency,
         (array_agg(la.currency ORDER BY n.ledger_account_id, n.id) FILTER (WHERE n.currency <> la.currency))[1] AS la_currency,
         coalesce(bool_or(la.account_id IS NULL AND la.id IS NOT NULL), false) AS has_system,
         coalesce(bool_or(la.account_id IS NOT NULL AND la.wallet_id IS NULL), false) AS has_company
    FROM new_rows n LEFT JOIN ledger_accounts la ON la.id = n.ledger_account_id
    ) x
    LEFT JOIN LATERAL (
    SELECT d.entry_id, d.currency, d.s, e.id IS NOT NULL AS entry_known,
           (e.transaction_id IS NULL OR t.id IS NOT NULL) AS transaction_known
      FROM (SELECT n.entry_id, n.currency, sum(n.amount) AS s FROM new_rows n GROUP BY n.entry_id, n.currency) d
      LEFT JOIN journal_entries e ON e.id = d.entry_id
      LEFT JOIN transactions t ON t.id = e.transaction_id
      LEFT JOIN wallets w ON w.id = t.wallet_id
      LEFT JOIN users u ON u.id = t.created_by
     WHERE d.s <> 0 OR e.id IS NULL
        OR (e.transaction_id IS NOT NULL AND (t.id IS NULL OR w.account_id IS DISTINCT FROM t.account_id
            OR (t.created_by IS NOT NULL AND u.id IS NULL)))
     LIMIT 1
    ) ep ON true;
  IF r.entry_id IS NOT NULL THEN
    IF NOT r.entry_known THEN
      RAISE EXCEPTION 'posting to unknown journal entry %', r.entry_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF r.s <> 0 THEN
      RAISE EXCEPTION 'unbalanced journal entry % in %: postings sum to %', r.entry_id, r.currency, r.s USING ERRCODE = 'check_violation';
    END IF;
    IF NOT r.transaction_known THEN
      RAISE EXCEPTION 'journal entry % of an unknown transaction', r.entry_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RAISE EXCEPTION 'the transaction of journal entry % names an unknown wallet, another account''s wallet, or an unknown user', r.entry_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF r.unknown_id IS NOT NULL THEN
    RAISE EXCEPTION 'posting to unknown ledger account %', r.unknown_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF r.bad_id IS NOT NULL THEN
    RAISE EXCEPTION 'posting % in % on a % ledger account', r.bad_id, r.bad_currency, r.la_currency USING ERRCODE = 'check_violation';
  END IF;
  -- A wallet's two accounts keep their balance in the wallet row (moved by the statement that posts),
  -- so a sound hold stops here. System accounts: this backend's shard of each, in ledger account
  -- order (no hot row, no deadlock).
  IF r.has_system THEN
    INSERT INTO ledger_balance_shards AS s (ledger_account_id, shard, balance)
    SELECT n.ledger_account_id, (pg_backend_pid() % 16)::smallint, sum(n.amount)
      FROM new_rows n JOIN ledger_accounts la ON la.id = n.ledger_account_id AND la.account_id IS NULL
     GROUP BY n.ledger_account_id
     ORDER BY n.ledger_account_id
    ON CONFLICT (ledger_account_id, shard) DO UPDATE SET balance = s.balance + EXCLUDED.balance;
  END IF;
  -- Other company accounts (a card's): the cached balance on the row, locked in id order so that
  -- concurrent entries never deadlock.
  IF r.has_company THEN
    FOR r IN
      SELECT n.ledger_account_id AS id, sum(n.amount) AS delta
        FROM new_rows n JOIN ledger_accounts la ON la.id = n.ledger_account_id
       WHERE la.account_id IS NOT NULL AND la.wallet_id IS NULL
       GROUP BY n.ledger_account_id
       ORDER BY n.ledger_account_id
    LOOP
      UPDATE ledger_accounts SET balance = balance + r.delta WHERE id = r.id;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
