CREATE TABLE "insight_daily" (
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"payee" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "insight_daily_account_id_currency_day_type_payee_pk" PRIMARY KEY("account_id","currency","day","type","payee")
);
