-- A collector-typed note was never the borrower's consent (SEC MC 18 s.2019): consent now comes only from the
-- borrower (out_of_hours_consents). The audit log keeps what collectors recorded.
DROP TABLE "contact_consents" CASCADE;