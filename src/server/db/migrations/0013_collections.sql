CREATE TABLE "contact_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"staff_id" bigint,
	"actor" text NOT NULL,
	"channel" text NOT NULL,
	"party" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"manila_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"staff_id" bigint,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_attempts" ADD CONSTRAINT "contact_attempts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_attempts" ADD CONSTRAINT "contact_attempts_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_attempts" ADD CONSTRAINT "contact_attempts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_attempts_order_day_idx" ON "contact_attempts" USING btree ("order_id","manila_day");--> statement-breakpoint
CREATE INDEX "contact_consents_order_idx" ON "contact_consents" USING btree ("order_id");