ALTER TABLE "ledger_entries" ADD COLUMN "cause" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "value_date" date;