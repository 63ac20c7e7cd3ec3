CREATE TABLE "loan_disclosures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"terms_digest" text NOT NULL,
	"quote" jsonb NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "open_loans_allowed" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_disclosures" ADD CONSTRAINT "loan_disclosures_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_disclosures" ADD CONSTRAINT "loan_disclosures_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_disclosures_order_idx" ON "loan_disclosures" USING btree ("order_id","id");