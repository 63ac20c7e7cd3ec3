CREATE TABLE "manual_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"value_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"payment_id" bigint,
	CONSTRAINT "manual_postings_amount_positive" CHECK ("manual_postings"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "value_date" date;--> statement-breakpoint
UPDATE "payments" SET "value_date" = "business_date";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "value_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status" text DEFAULT 'posted' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "manual_postings" ADD CONSTRAINT "manual_postings_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_postings" ADD CONSTRAINT "manual_postings_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manual_postings_reference_uq" ON "manual_postings" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "manual_postings_status_idx" ON "manual_postings" USING btree ("status");