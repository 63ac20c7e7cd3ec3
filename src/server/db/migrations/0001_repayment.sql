CREATE TABLE "pay_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"order_id" bigint NOT NULL,
	"borrower_id" bigint NOT NULL,
	"channel_number" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"pay_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "pay_requests_amount_positive" CHECK ("pay_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_channels" (
	"product_id" bigint NOT NULL,
	"channel_number" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_channels_product_id_channel_number_pk" PRIMARY KEY("product_id","channel_number")
);
--> statement-breakpoint
CREATE TABLE "provider_callbacks" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"reference" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_callbacks_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "pay_requests" ADD CONSTRAINT "pay_requests_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_requests" ADD CONSTRAINT "pay_requests_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_channels" ADD CONSTRAINT "product_channels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_requests_provider_reference_uq" ON "pay_requests" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "pay_requests_order_idx" ON "pay_requests" USING btree ("order_id");