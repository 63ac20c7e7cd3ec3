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
ALTER TABLE "loan_orders" ADD COLUMN "write_off" jsonb;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "write_offs_open_uq" ON "write_offs" USING btree ("order_id") WHERE "write_offs"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "write_offs_status_idx" ON "write_offs" USING btree ("status");