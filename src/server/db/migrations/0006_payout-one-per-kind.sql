-- One payout account per kind: earlier saves of the same kind give way to the latest one, and the
-- legacy repayments that named an earlier one name the kept one.
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY borrower_id, card_type ORDER BY created_at DESC, id DESC) AS keep_id
  FROM payout_accounts
)
UPDATE legacy_repay_records SET payout_account_id = ranked.keep_id
FROM ranked
WHERE legacy_repay_records.payout_account_id = ranked.id AND ranked.id <> ranked.keep_id;--> statement-breakpoint
WITH ranked AS (
  SELECT id, first_value(id) OVER (PARTITION BY borrower_id, card_type ORDER BY created_at DESC, id DESC) AS keep_id
  FROM payout_accounts
)
DELETE FROM payout_accounts USING ranked
WHERE payout_accounts.id = ranked.id AND ranked.id <> ranked.keep_id;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_one_per_kind" ON "payout_accounts" USING btree ("borrower_id","card_type");
