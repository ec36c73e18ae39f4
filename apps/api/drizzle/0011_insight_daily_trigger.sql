-- The insights' daily rollup (insights/tables.ts), kept by the database in the same statement's
-- transaction as every change to `transactions`, whatever code makes it. Keys are upserted in key
-- order so two statements touching the same days never deadlock.
CREATE OR REPLACE FUNCTION insight_daily_key_payee(c jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(nullif(c->>'accountName', ''), nullif(c->>'name', ''), 'Unknown')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_daily AS d (account_id, currency, day, type, payee, amount_minor, fee_minor, count)
    SELECT n.account_id, n.currency, (n.created_at AT TIME ZONE 'Africa/Lagos')::date, n.type,
           insight_daily_key_payee(n.counterparty), sum(n.amount), sum(n.fee), count(*)
      FROM new_rows n WHERE n.status = 'success'
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, currency, day, type, payee) DO UPDATE
      SET amount_minor = d.amount_minor + excluded.amount_minor,
          fee_minor = d.fee_minor + excluded.fee_minor,
          count = d.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO insight_daily AS d (account_id, currency, day, type, payee, amount_minor, fee_minor, count)
    SELECT x.account_id, x.currency, x.day, x.type, x.payee, sum(x.a), sum(x.f), sum(x.c)
      FROM (
        SELECT n.account_id, n.currency, (n.created_at AT TIME ZONE 'Africa/Lagos')::date AS day, n.type,
               insight_daily_key_payee(n.counterparty) AS payee, n.amount AS a, n.fee AS f, 1 AS c
          FROM new_rows n WHERE n.status = 'success'
        UNION ALL
        SELECT o.account_id, o.currency, (o.created_at AT TIME ZONE 'Africa/Lagos')::date, o.type,
               insight_daily_key_payee(o.counterparty), -o.amount, -o.fee, -1
          FROM old_rows o WHERE o.status = 'success'
      ) x
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(x.a) <> 0 OR sum(x.f) <> 0 OR sum(x.c) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, currency, day, type, payee) DO UPDATE
      SET amount_minor = d.amount_minor + excluded.amount_minor,
          fee_minor = d.fee_minor + excluded.fee_minor,
          count = d.count + excluded.count;
  ELSE
    INSERT INTO insight_daily AS d (account_id, currency, day, type, payee, amount_minor, fee_minor, count)
    SELECT o.account_id, o.currency, (o.created_at AT TIME ZONE 'Africa/Lagos')::date, o.type,
           insight_daily_key_payee(o.counterparty), -sum(o.amount), -sum(o.fee), -count(*)
      FROM old_rows o WHERE o.status = 'success'
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, currency, day, type, payee) DO UPDATE
      SET amount_minor = d.amount_minor + excluded.amount_minor,
          fee_minor = d.fee_minor + excluded.fee_minor,
          count = d.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_insight_daily_ins AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_daily_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_insight_daily_upd AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_daily_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_insight_daily_del AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_daily_apply();
--> statement-breakpoint
INSERT INTO insight_daily (account_id, currency, day, type, payee, amount_minor, fee_minor, count)
SELECT t.account_id, t.currency, (t.created_at AT TIME ZONE 'Africa/Lagos')::date, t.type,
       insight_daily_key_payee(t.counterparty), sum(t.amount), sum(t.fee), count(*)
  FROM transactions t WHERE t.status = 'success'
 GROUP BY 1, 2, 3, 4, 5;
