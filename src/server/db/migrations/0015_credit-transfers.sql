CREATE TABLE "credit_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"borrower_id" bigint NOT NULL,
	"from_order_id" bigint NOT NULL,
	"to_order_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	CONSTRAINT "credit_transfers_amount_positive" CHECK ("credit_transfers"."amount" > 0),
	CONSTRAINT "credit_transfers_status" CHECK ("credit_transfers"."status" in ('requested', 'posted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD CONSTRAINT "credit_transfers_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD CONSTRAINT "credit_transfers_from_order_id_loan_orders_id_fk" FOREIGN KEY ("from_order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD CONSTRAINT "credit_transfers_to_order_id_loan_orders_id_fk" FOREIGN KEY ("to_order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transfers_reference_uq" ON "credit_transfers" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transfers_one_open_uq" ON "credit_transfers" USING btree ("from_order_id") WHERE "credit_transfers"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "credit_transfers_borrower_idx" ON "credit_transfers" USING btree ("borrower_id");