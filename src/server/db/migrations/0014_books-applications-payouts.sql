CREATE TABLE "write_offs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"amount" bigint,
	"business_date" date,
	CONSTRAINT "write_offs_amount_positive" CHECK ("write_offs"."amount" is null or "write_offs"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "application_answers" (
	"borrower_id" bigint NOT NULL,
	"section" text NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_answers_borrower_id_section_pk" PRIMARY KEY("borrower_id","section")
);
--> statement-breakpoint
CREATE TABLE "privacy_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"version" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "uploads" ADD COLUMN "purpose" text DEFAULT 'evidence' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "write_off" jsonb;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_answers" ADD CONSTRAINT "application_answers_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_consents" ADD CONSTRAINT "privacy_consents_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "write_offs_open_uq" ON "write_offs" USING btree ("order_id") WHERE "write_offs"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "write_offs_status_idx" ON "write_offs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "privacy_consents_borrower_idx" ON "privacy_consents" USING btree ("borrower_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_reference_uq" ON "payouts" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_uq" ON "payouts" USING btree ("order_id","kind") WHERE "payouts"."status" in ('requested', 'approved', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_disbursal_uq" ON "payouts" USING btree ("order_id") WHERE "payouts"."kind" = 'disbursal' and "payouts"."status" = 'succeeded';--> statement-breakpoint
CREATE INDEX "payouts_order_idx" ON "payouts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");