CREATE TABLE "list_changes" (
	"account_id" uuid NOT NULL,
	"xid" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_changes_account_xid_idx" ON "list_changes" USING btree ("account_id","xid");
--> statement-breakpoint
-- The list cache's change feed (docs/decisions/009-list-cache.md): every statement that writes rows a
-- cached list reads notes which accounts it changed, under its top-level transaction id, in the same
-- transaction. Statement triggers with transition tables: one insert per statement whatever its row
-- count, no row lock taken on anything shared (a writer never waits for another writer here), and a
-- plain insert (no ON CONFLICT: a transaction that writes an account in two statements notes it twice).
CREATE FUNCTION list_changes_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_changes (account_id, xid)
  SELECT DISTINCT c.account_id, pg_current_xact_id()::text::bigint FROM list_changed_rows c;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A TRUNCATE changes every account's list (tests and restores only): a row for each account.
CREATE FUNCTION list_changes_note_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_changes (account_id, xid)
  SELECT a.id, pg_current_xact_id()::text::bigint FROM accounts a;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_list_changes_ins AFTER INSERT ON transactions REFERENCING NEW TABLE AS list_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();
--> statement-breakpoint
CREATE TRIGGER transactions_list_changes_upd AFTER UPDATE ON transactions REFERENCING NEW TABLE AS list_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();
--> statement-breakpoint
CREATE TRIGGER transactions_list_changes_del AFTER DELETE ON transactions REFERENCING OLD TABLE AS list_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note();
--> statement-breakpoint
CREATE TRIGGER transactions_list_changes_trunc AFTER TRUNCATE ON transactions FOR EACH STATEMENT EXECUTE FUNCTION list_changes_note_all();
