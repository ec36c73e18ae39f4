-- One way money leaves (issue 34 §1): a partner settlement has no approval by design (its authority
-- is declared: system:invoice-partner-settlement). What it pays (amount, fee, wallet, the partner's
-- bank and account) is fixed when it is first started and kept here; a retry pays exactly this
-- manifest, so a partner's bank account changed after a failure cannot redirect it.
ALTER TABLE "invoice_settlements" ADD COLUMN "manifest" jsonb;
