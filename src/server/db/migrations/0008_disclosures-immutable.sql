-- An accepted disclosure is evidence of what the borrower agreed to: no one edits or removes it.
CREATE FUNCTION "loan_disclosures_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loan_disclosures is append-only: an accepted disclosure is never changed or removed';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "loan_disclosures_no_update_delete" BEFORE UPDATE OR DELETE ON "loan_disclosures" FOR EACH ROW EXECUTE FUNCTION "loan_disclosures_unchanged"();--> statement-breakpoint
CREATE TRIGGER "loan_disclosures_no_truncate" BEFORE TRUNCATE ON "loan_disclosures" FOR EACH STATEMENT EXECUTE FUNCTION "loan_disclosures_unchanged"();--> statement-breakpoint
-- Orders made before disclosures were kept: their stored quote is the best record there is.
INSERT INTO "loan_disclosures" ("order_id", "borrower_id", "kind", "terms_digest", "quote", "accepted_at")
SELECT "id", "borrower_id", 'origination', 'recorded-before-disclosures', "quote", "created_at"
FROM "loan_orders" WHERE "quote" IS NOT NULL;
