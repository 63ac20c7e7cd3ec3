ALTER TABLE "products" ADD COLUMN "first_loan_max" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "limit_step" bigint DEFAULT 0 NOT NULL;