CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"provider" text NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"channel" text NOT NULL,
	"account_no" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_id" text,
	"failure_code" text,
	"failure_reason" text,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"rejected_by" text,
	"dispatched_at" timestamp with time zone,
	"dispatch_error" text,
	"completed_at" timestamp with time zone,
	"product_terms" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_kind" CHECK ("payouts"."kind" in ('disbursal', 'refund')),
	CONSTRAINT "payouts_status" CHECK ("payouts"."status" in ('requested', 'approved', 'accepted', 'succeeded', 'failed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_uq" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_uq" ON "payouts" USING btree ("order_id","kind") WHERE "payouts"."status" in ('requested', 'approved', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_disbursal_uq" ON "payouts" USING btree ("order_id") WHERE "payouts"."kind" = 'disbursal' and "payouts"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payouts_order_idx" ON "payouts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");