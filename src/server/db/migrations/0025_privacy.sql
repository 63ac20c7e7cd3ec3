CREATE TABLE "breach_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"what" text NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"actor" text,
	"affected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded_by" text NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_choices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"consent" text NOT NULL,
	"given" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_data_access" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"actor" text NOT NULL,
	"what" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"what" text NOT NULL,
	"reason" text NOT NULL,
	"kept_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" text,
	"outcome" text,
	"effect" jsonb
);
--> statement-breakpoint
CREATE TABLE "reference_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"phone_digest" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_date" date NOT NULL,
	"report" jsonb NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_runs_run_date_unique" UNIQUE("run_date")
);
--> statement-breakpoint
ALTER TABLE "consent_choices" ADD CONSTRAINT "consent_choices_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_access" ADD CONSTRAINT "personal_data_access_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_holds" ADD CONSTRAINT "privacy_holds_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_notices" ADD CONSTRAINT "reference_notices_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_choices_borrower_idx" ON "consent_choices" USING btree ("borrower_id","consent","id");--> statement-breakpoint
CREATE INDEX "personal_data_access_borrower_idx" ON "personal_data_access" USING btree ("borrower_id","at");--> statement-breakpoint
CREATE INDEX "personal_data_access_at_idx" ON "personal_data_access" USING btree ("at");--> statement-breakpoint
CREATE INDEX "privacy_holds_borrower_idx" ON "privacy_holds" USING btree ("borrower_id");--> statement-breakpoint
CREATE INDEX "privacy_requests_borrower_idx" ON "privacy_requests" USING btree ("borrower_id","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_open_idx" ON "privacy_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_notices_uq" ON "reference_notices" USING btree ("borrower_id","phone_digest");