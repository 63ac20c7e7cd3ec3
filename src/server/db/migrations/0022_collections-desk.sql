CREATE TABLE "collection_assignments" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"due_day" date,
	"done_at" timestamp with time zone,
	"done_by" text,
	"staff_id" bigint,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_texts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"attempt_id" bigint NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"staff_id" bigint,
	"actor" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collector_absences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"from_day" date NOT NULL,
	"until_day" date NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "out_of_hours_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"source" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_via" text
);
--> statement-breakpoint
CREATE TABLE "promises_to_pay" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"made_on" date NOT NULL,
	"promised_day" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	"staff_id" bigint,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promises_to_pay_amount_positive" CHECK ("promises_to_pay"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "collection_assignments" ADD CONSTRAINT "collection_assignments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_assignments" ADD CONSTRAINT "collection_assignments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_notes" ADD CONSTRAINT "collection_notes_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_notes" ADD CONSTRAINT "collection_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_texts" ADD CONSTRAINT "collection_texts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_texts" ADD CONSTRAINT "collection_texts_attempt_id_contact_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."contact_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_texts" ADD CONSTRAINT "collection_texts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collector_absences" ADD CONSTRAINT "collector_absences_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_of_hours_consents" ADD CONSTRAINT "out_of_hours_consents_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promises_to_pay" ADD CONSTRAINT "promises_to_pay_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_notes_order_idx" ON "collection_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "collection_texts_order_idx" ON "collection_texts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_texts_attempt_uq" ON "collection_texts" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "collector_absences_staff_idx" ON "collector_absences" USING btree ("staff_id","until_day");--> statement-breakpoint
CREATE INDEX "out_of_hours_consents_borrower_idx" ON "out_of_hours_consents" USING btree ("borrower_id","expires_at");--> statement-breakpoint
CREATE INDEX "promises_to_pay_order_idx" ON "promises_to_pay" USING btree ("order_id","status");