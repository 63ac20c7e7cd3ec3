CREATE TABLE "income_totals" (
	"order_id" bigint NOT NULL,
	"account" text NOT NULL,
	"net" bigint NOT NULL,
	CONSTRAINT "income_totals_order_id_account_pk" PRIMARY KEY("order_id","account")
);
--> statement-breakpoint
ALTER TABLE "income_totals" ADD CONSTRAINT "income_totals_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- income_totals holds, per loan and income account, sum(debit - credit) of its ledger lines there:
-- income recognition reads it instead of the loan's whole history. These triggers keep it equal to
-- the ledger in the statement that inserts, changes or removes lines (one grouped upsert per
-- statement, whatever wrote them). Concurrent writers for one loan queue on its row (they already
-- hold the loan's lock); the upsert adds to the latest committed total. Rows in loan-id order, so
-- two statements that touch the same loans take their rows in the same order.
-- The trigger's argument is the sign: 1 for the lines a statement added, -1 for those it removed
-- (an update both removes the old lines and adds the new).
CREATE FUNCTION "income_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "income_totals" ("order_id", "account", "net")
  SELECT "order_id", "account", TG_ARGV[0]::int * sum("debit" - "credit") FROM "lines"
  WHERE "account" IN ('interest_income', 'fee_income', 'penalty_income')
  GROUP BY "order_id", "account" ORDER BY "order_id", "account"
  ON CONFLICT ("order_id", "account") DO UPDATE SET "net" = "income_totals"."net" + excluded."net";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "income_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "income_totals";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_income_insert" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS "lines" FOR EACH STATEMENT EXECUTE FUNCTION "income_totals_apply"('1');--> statement-breakpoint
CREATE TRIGGER "ledger_entries_income_update_new" AFTER UPDATE ON "ledger_entries" REFERENCING NEW TABLE AS "lines" FOR EACH STATEMENT EXECUTE FUNCTION "income_totals_apply"('1');--> statement-breakpoint
CREATE TRIGGER "ledger_entries_income_update_old" AFTER UPDATE ON "ledger_entries" REFERENCING OLD TABLE AS "lines" FOR EACH STATEMENT EXECUTE FUNCTION "income_totals_apply"('-1');--> statement-breakpoint
CREATE TRIGGER "ledger_entries_income_delete" AFTER DELETE ON "ledger_entries" REFERENCING OLD TABLE AS "lines" FOR EACH STATEMENT EXECUTE FUNCTION "income_totals_apply"('-1');--> statement-breakpoint
CREATE TRIGGER "ledger_entries_income_truncate" AFTER TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "income_totals_clear"();--> statement-breakpoint
-- The lines already booked. The migrations run in one transaction and CREATE TRIGGER holds a lock
-- on ledger_entries that stops writes until it commits, so no line is counted twice or missed.
INSERT INTO "income_totals" ("order_id", "account", "net")
SELECT "order_id", "account", sum("debit" - "credit") FROM "ledger_entries"
WHERE "account" IN ('interest_income', 'fee_income', 'penalty_income')
GROUP BY "order_id", "account";
