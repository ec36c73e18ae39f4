ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_transaction_id_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_ledger_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_wallet_id_wallets_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_created_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "transactions_wallet_created_idx";--> statement-breakpoint
DROP INDEX "transactions_source_idx";--> statement-breakpoint
DROP INDEX "transactions_related_idx";--> statement-breakpoint
CREATE INDEX "transactions_source_idx" ON "transactions" USING btree ("source_type","source_id") WHERE "transactions"."source_type" is not null;--> statement-breakpoint
CREATE INDEX "transactions_related_idx" ON "transactions" USING btree ("related_transaction_id") WHERE "transactions"."related_transaction_id" is not null;--> statement-breakpoint
-- The ledger's references, checked once per statement by the trigger that already reads every new
-- posting, instead of a foreign-key lookup and row lock per row (docs/decisions/008-ledger-references.md):
-- each posting's entry and ledger account exist; the entry's transaction (when it has one) exists,
-- its wallet exists and belongs to the transaction's account (stronger than the two foreign keys
-- were), and its creator (when set) exists. A violation raises foreign_key_violation, as the
-- foreign keys did, and rolls the whole statement back.
CREATE OR REPLACE FUNCTION ledger_after_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  -- Per entry and currency, this statement's postings must sum to zero. Every earlier statement was
  -- held to the same rule and postings are append-only, so each entry stays balanced as a whole.
  SELECT d.entry_id, d.currency, d.s, e.id IS NOT NULL AS entry_known,
         (e.transaction_id IS NULL OR t.id IS NOT NULL) AS transaction_known
    INTO r
    FROM (SELECT n.entry_id, n.currency, sum(n.amount) AS s FROM new_rows n GROUP BY n.entry_id, n.currency) d
    LEFT JOIN journal_entries e ON e.id = d.entry_id
    LEFT JOIN transactions t ON t.id = e.transaction_id
    LEFT JOIN wallets w ON w.id = t.wallet_id
    LEFT JOIN users u ON u.id = t.created_by
   WHERE d.s <> 0 OR e.id IS NULL
      OR (e.transaction_id IS NOT NULL AND (t.id IS NULL OR w.account_id IS DISTINCT FROM t.account_id
          OR (t.created_by IS NOT NULL AND u.id IS NULL)))
   LIMIT 1;
  IF FOUND THEN
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
  FOR r IN
    SELECT n.ledger_account_id AS id, sum(n.amount) AS delta, bool_and(la.account_id IS NULL) AS is_system,
           bool_and(la.id IS NOT NULL) AS known,
           min(la.currency) AS la_currency,
           (array_agg(n.id) FILTER (WHERE n.currency <> la.currency))[1] AS bad_id,
           min(n.currency) FILTER (WHERE n.currency <> la.currency) AS bad_currency
      FROM new_rows n LEFT JOIN ledger_accounts la ON la.id = n.ledger_account_id
     GROUP BY n.ledger_account_id
     ORDER BY n.ledger_account_id
  LOOP
    IF NOT r.known THEN
      RAISE EXCEPTION 'posting to unknown ledger account %', r.id USING ERRCODE = 'foreign_key_violation';
    END IF;
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
--> statement-breakpoint
-- What the dropped foreign keys also did on delete: a ledger account is never deleted; nor is a
-- transaction the ledger has booked (entries and postings are append-only, migration 0001), nor a
-- wallet or an account that has transactions; deleting a user clears `created_by` (ON DELETE SET NULL).
CREATE OR REPLACE FUNCTION ledger_refuse_referenced_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'ledger_accounts' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted (%)', OLD.id USING ERRCODE = 'foreign_key_violation';
  ELSIF TG_TABLE_NAME = 'transactions' THEN
    IF EXISTS (SELECT 1 FROM journal_entries e WHERE e.transaction_id = OLD.id) THEN
      RAISE EXCEPTION 'transaction % is booked in the ledger; reverse it instead', OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
  ELSIF TG_TABLE_NAME = 'wallets' THEN
    IF EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = OLD.account_id AND t.wallet_id = OLD.id) THEN
      RAISE EXCEPTION 'wallet % has transactions', OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
  ELSIF TG_TABLE_NAME = 'accounts' THEN
    IF EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = OLD.id) THEN
      RAISE EXCEPTION 'account % has transactions', OLD.id USING ERRCODE = 'foreign_key_violation';
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    UPDATE transactions SET created_by = NULL WHERE created_by = OLD.id;
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_keep BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_refuse_referenced_delete();
--> statement-breakpoint
CREATE TRIGGER transactions_keep_booked BEFORE DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_referenced_delete();
--> statement-breakpoint
CREATE TRIGGER wallets_keep_transacted BEFORE DELETE ON wallets FOR EACH ROW EXECUTE FUNCTION ledger_refuse_referenced_delete();
--> statement-breakpoint
CREATE TRIGGER accounts_keep_transacted BEFORE DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION ledger_refuse_referenced_delete();
--> statement-breakpoint
CREATE TRIGGER users_clear_transactions_created_by BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION ledger_refuse_referenced_delete();
--> statement-breakpoint
-- The insights' daily rollup (0011), now per row and only for rows that count: a statement trigger
-- with transition tables ran (and copied every row) for every insert and update of a transaction,
-- most of which are pending payouts it then ignored. Each key's upsert is still made after the
-- wallet it belongs to (account and currency) is locked by the same statement's money movement,
-- so two transactions reach a key in the order they locked its wallet and cannot deadlock on it.
CREATE OR REPLACE FUNCTION insight_daily_apply_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'success' THEN
    INSERT INTO insight_daily AS d (account_id, currency, day, type, payee, amount_minor, fee_minor, count)
    VALUES (OLD.account_id, OLD.currency, (OLD.created_at AT TIME ZONE 'Africa/Lagos')::date, OLD.type,
            insight_daily_key_payee(OLD.counterparty), -OLD.amount, -OLD.fee, -1)
    ON CONFLICT (account_id, currency, day, type, payee) DO UPDATE
      SET amount_minor = d.amount_minor + excluded.amount_minor,
          fee_minor = d.fee_minor + excluded.fee_minor,
          count = d.count + excluded.count;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'success' THEN
    INSERT INTO insight_daily AS d (account_id, currency, day, type, payee, amount_minor, fee_minor, count)
    VALUES (NEW.account_id, NEW.currency, (NEW.created_at AT TIME ZONE 'Africa/Lagos')::date, NEW.type,
            insight_daily_key_payee(NEW.counterparty), NEW.amount, NEW.fee, 1)
    ON CONFLICT (account_id, currency, day, type, payee) DO UPDATE
      SET amount_minor = d.amount_minor + excluded.amount_minor,
          fee_minor = d.fee_minor + excluded.fee_minor,
          count = d.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER transactions_insight_daily_ins ON transactions;
--> statement-breakpoint
DROP TRIGGER transactions_insight_daily_upd ON transactions;
--> statement-breakpoint
DROP TRIGGER transactions_insight_daily_del ON transactions;
--> statement-breakpoint
DROP FUNCTION insight_daily_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_insight_daily_ins AFTER INSERT ON transactions FOR EACH ROW
  WHEN (NEW.status = 'success') EXECUTE FUNCTION insight_daily_apply_row();
--> statement-breakpoint
CREATE TRIGGER transactions_insight_daily_upd AFTER UPDATE ON transactions FOR EACH ROW
  WHEN ((OLD.status = 'success' OR NEW.status = 'success')
    AND (OLD.status, OLD.amount, OLD.fee, OLD.type, OLD.currency, OLD.account_id, OLD.created_at, OLD.counterparty)
        IS DISTINCT FROM
        (NEW.status, NEW.amount, NEW.fee, NEW.type, NEW.currency, NEW.account_id, NEW.created_at, NEW.counterparty))
  EXECUTE FUNCTION insight_daily_apply_row();
--> statement-breakpoint
CREATE TRIGGER transactions_insight_daily_del AFTER DELETE ON transactions FOR EACH ROW
  WHEN (OLD.status = 'success') EXECUTE FUNCTION insight_daily_apply_row();
