CREATE TABLE "payment_reversals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "payment_reversals_status" CHECK ("payment_reversals"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "credit_transfers" DROP CONSTRAINT "credit_transfers_status";--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD COLUMN "reversed_by" text;--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_open_uq" ON "payment_reversals" USING btree ("payment_id") WHERE "payment_reversals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_reversals_status_idx" ON "payment_reversals" USING btree ("status");--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD CONSTRAINT "credit_transfers_status" CHECK ("credit_transfers"."status" in ('requested', 'posted', 'rejected', 'reversed'));