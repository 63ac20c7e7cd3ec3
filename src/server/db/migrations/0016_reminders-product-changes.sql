CREATE TABLE "reminder_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offset_days" integer NOT NULL,
	"text_en" text NOT NULL,
	"text_fil" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"due_date" date NOT NULL,
	"sent_on" date NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"before" jsonb NOT NULL,
	"proposed" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reject_reason" text
);
--> statement-breakpoint
ALTER TABLE "borrowers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_rule_id_reminder_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."reminder_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_changes" ADD CONSTRAINT "product_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_once_uq" ON "reminder_sends" USING btree ("rule_id","order_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_daily_uq" ON "reminder_sends" USING btree ("order_id","sent_on");--> statement-breakpoint
CREATE INDEX "reminder_sends_sent_idx" ON "reminder_sends" USING btree ("sent_on");--> statement-breakpoint
CREATE UNIQUE INDEX "product_changes_pending_uq" ON "product_changes" USING btree ("product_id") WHERE "product_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_changes_status_idx" ON "product_changes" USING btree ("status");