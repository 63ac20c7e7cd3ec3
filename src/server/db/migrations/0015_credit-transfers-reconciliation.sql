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
CREATE TABLE "reconciliation_findings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"order_id" bigint,
	"provider_amount" bigint,
	"our_amount" bigint,
	"provider_transaction_id" text,
	"provider_status" text,
	"provider_at" text,
	"detail" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_findings_status" CHECK ("reconciliation_findings"."status" in ('open', 'resolved', 'cleared'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_date" date NOT NULL,
	"provider" text NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"open_findings" integer DEFAULT 0 NOT NULL,
	"runs" integer DEFAULT 1 NOT NULL,
	"run_by" text NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status";--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD CONSTRAINT "credit_transfers_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD CONSTRAINT "credit_transfers_from_order_id_loan_orders_id_fk" FOREIGN KEY ("from_order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transfers" ADD CONSTRAINT "credit_transfers_to_order_id_loan_orders_id_fk" FOREIGN KEY ("to_order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transfers_reference_uq" ON "credit_transfers" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_transfers_one_open_uq" ON "credit_transfers" USING btree ("from_order_id") WHERE "credit_transfers"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "credit_transfers_borrower_idx" ON "credit_transfers" USING btree ("borrower_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_findings_uq" ON "reconciliation_findings" USING btree ("business_date","provider","kind","reference");--> statement-breakpoint
CREATE INDEX "reconciliation_findings_status_idx" ON "reconciliation_findings" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_date_uq" ON "reconciliation_runs" USING btree ("business_date","provider");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status" CHECK ("payouts"."status" in ('requested', 'approved', 'accepted', 'succeeded', 'failed', 'rejected', 'reversed'));