-- The ledger trigger's checks read what they need by primary key, whatever the statistics say
-- (issue 38 §2, bench:ledger B / C). PL/pgSQL keeps a statement's plan for the life of a connection:
-- planned while `journal_entries` was small (a fresh database, or statistics not yet refreshed by
-- autovacuum), the check joined the statement's entries to the journal with a hash join over a
-- sequential scan of the whole table, and every later posting statement on that connection paid
-- for a scan that grew with the journal (about 0.3 ms per call at 4,000 entries, on every hold and
-- every settle). The same for `ledger_accounts`. Each reference is now looked up by a LATERAL
-- subquery with OFFSET 0 (never flattened into a join), i.e. an index probe per posting/entry. What is
-- checked, the errors and their codes are exactly those of migration 0022.
CREATE OR REPLACE FUNCTION ledger_after_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  -- One statement reads everything the checks need (each statement run from a trigger costs as much
  -- as the work it does here). Every row it reads of another table is one primary-key probe per
  -- posting or entry (a LATERAL subquery with OFFSET 0, which the planner cannot turn into a join),
  -- so its cost does not depend on the size of those tables or on their statistics (migration 0032):
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
    FROM new_rows n
    LEFT JOIN LATERAL (SELECT l.id, l.currency, l.account_id, l.wallet_id FROM ledger_accounts l
                        WHERE l.id = n.ledger_account_id OFFSET 0) la ON true
    ) x
    LEFT JOIN LATERAL (
    SELECT d.entry_id, d.currency, d.s, e.id IS NOT NULL AS entry_known,
           (e.transaction_id IS NULL OR t.id IS NOT NULL) AS transaction_known
      FROM (SELECT n.entry_id, n.currency, sum(n.amount) AS s FROM new_rows n GROUP BY n.entry_id, n.currency) d
      LEFT JOIN LATERAL (SELECT j.id, j.transaction_id FROM journal_entries j WHERE j.id = d.entry_id OFFSET 0) e ON true
      LEFT JOIN LATERAL (SELECT tr.id, tr.account_id, tr.wallet_id, tr.created_by FROM transactions tr
                          WHERE tr.id = e.transaction_id OFFSET 0) t ON true
      LEFT JOIN LATERAL (SELECT wa.account_id FROM wallets wa WHERE wa.id = t.wallet_id OFFSET 0) w ON true
      LEFT JOIN LATERAL (SELECT us.id FROM users us WHERE us.id = t.created_by OFFSET 0) u ON true
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
