CREATE TABLE "staff_role_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by" bigint NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "staff_role_grants_status" CHECK ("staff_role_grants"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "staff_role_grants_two_people" CHECK ("staff_role_grants"."decided_by" is null or "staff_role_grants"."decided_by" <> "staff_role_grants"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "staff_role_grants" ADD CONSTRAINT "staff_role_grants_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_grants" ADD CONSTRAINT "staff_role_grants_proposed_by_staff_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_role_grants" ADD CONSTRAINT "staff_role_grants_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_role_grants_pending_uq" ON "staff_role_grants" USING btree ("staff_id","role") WHERE "staff_role_grants"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_role_grants_status_idx" ON "staff_role_grants" USING btree ("status");