CREATE TABLE "staff_factor_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" bigint NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "staff_factor_resets_status" CHECK ("staff_factor_resets"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "staff_factor_resets_two_people" CHECK ("staff_factor_resets"."decided_by" is null or "staff_factor_resets"."decided_by" <> "staff_factor_resets"."proposed_by")
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"actor" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_factor_resets" ADD CONSTRAINT "staff_factor_resets_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_factor_resets" ADD CONSTRAINT "staff_factor_resets_proposed_by_staff_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_factor_resets" ADD CONSTRAINT "staff_factor_resets_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_factor_resets_pending_uq" ON "staff_factor_resets" USING btree ("staff_id") WHERE "staff_factor_resets"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_factor_resets_status_idx" ON "staff_factor_resets" USING btree ("status");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payout_accounts_account_no_idx" ON "payout_accounts" USING btree ("account_no");--> statement-breakpoint
CREATE INDEX "payout_accounts_last_ten_idx" ON "payout_accounts" USING btree (right(regexp_replace("account_no", '\D', '', 'g'), 10));--> statement-breakpoint
CREATE INDEX "borrowers_phone_last_ten_idx" ON "borrowers" USING btree (right(regexp_replace("phone", '\D', '', 'g'), 10));--> statement-breakpoint
CREATE INDEX "loan_orders_status_created_idx" ON "loan_orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "application_answers_id_number_idx" ON "application_answers" USING btree (upper(regexp_replace("answers"->>'idNumber', '[^A-Za-z0-9]', '', 'g'))) WHERE "application_answers"."section" = 'public';