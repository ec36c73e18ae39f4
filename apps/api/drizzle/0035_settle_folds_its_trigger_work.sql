-- The in-flight settle does its own trigger work (issue 38 §2, docs/decisions/021-settle-folds-its-trigger-work.md).
-- Each statement a trigger runs costs about as much as the work it does (decision 010); the settle fired
-- four: the insights rollup, the list changes note, the ledger checks and the system accounts' shards.
-- The settle's one statement now writes all four itself as data-modifying CTEs and says so with a
-- transaction-local setting, `owo.trigger_work_done`, set to its own statement_timestamp() before it
-- updates any row. These triggers skip work only when that setting equals the current statement's
-- statement_timestamp(), i.e. only inside the very statement that set it: every other writer (and every
-- later statement of the same transaction) stays covered by the triggers exactly as before.
-- The rule for such a statement: it writes every row the skipped triggers would have written, checks each
-- journal entry balanced itself (`ledger_check_entries`), and posts only to accounts it read by key.
CREATE OR REPLACE FUNCTION trigger_work_done() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('owo.trigger_work_done', true) = statement_timestamp()::text, false)
$$;
--> statement-breakpoint
-- The balance check of a statement that posts without the ledger trigger: raises exactly the trigger's
-- check_violation for the first unbalanced entry and currency; answers the number of entries checked.
CREATE OR REPLACE FUNCTION ledger_check_entries(entry_ids uuid[], currencies text[], sums bigint[]) RETURNS integer
LANGUAGE plpgsql AS $$
BEGIN
  FOR i IN 1 .. coalesce(array_length(entry_ids, 1), 0) LOOP
    IF sums[i] <> 0 THEN
      RAISE EXCEPTION 'unbalanced journal entry % in %: postings sum to %', entry_ids[i], currencies[i], sums[i]
        USING ERRCODE = 'check_violation';
    END IF;
  END LOOP;
  RETURN coalesce(array_length(entry_ids, 1), 0);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_changes_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'transactions' AND trigger_work_done() THEN
    RETURN NULL;
  END IF;
  INSERT INTO list_changes (account_id, xid)
  SELECT DISTINCT c.account_id, pg_current_xact_id()::text::bigint FROM list_changed_rows c;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER transactions_insight_daily_upd ON transactions;
--> statement-breakpoint
CREATE TRIGGER transactions_insight_daily_upd AFTER UPDATE ON transactions FOR EACH ROW
  WHEN ((OLD.status = 'success' OR NEW.status = 'success')
    AND (OLD.status, OLD.amount, OLD.fee, OLD.type, OLD.currency, OLD.account_id, OLD.created_at, OLD.counterparty)
        IS DISTINCT FROM
        (NEW.status, NEW.amount, NEW.fee, NEW.type, NEW.currency, NEW.account_id, NEW.created_at, NEW.counterparty)
    AND NOT trigger_work_done())
  EXECUTE FUNCTION insight_daily_apply_row();
--> statement-breakpoint
-- The ledger trigger of migration 0032, unchanged but for its first lines.
CREATE OR REPLACE FUNCTION ledger_after_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  -- A statement that did this work itself (the in-flight settle, migration 0035) says so.
  IF trigger_work_done() THEN
    RETURN NULL;
  END IF;
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
