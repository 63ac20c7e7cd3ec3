CREATE TABLE "borrower_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"device_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "borrower_devices" ADD CONSTRAINT "borrower_devices_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "borrower_devices_borrower_device_uq" ON "borrower_devices" USING btree ("borrower_id","device_hash");--> statement-breakpoint
CREATE INDEX "borrower_devices_device_idx" ON "borrower_devices" USING btree ("device_hash");