CREATE TABLE "ledger_balance_shards" (
	"ledger_account_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balance_shards_ledger_account_id_shard_pk" PRIMARY KEY("ledger_account_id","shard")
);
--> statement-breakpoint
ALTER TABLE "ledger_balance_shards" ADD CONSTRAINT "ledger_balance_shards_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;