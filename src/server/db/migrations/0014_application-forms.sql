CREATE TABLE "application_answers" (
	"borrower_id" bigint NOT NULL,
	"section" text NOT NULL,
	"answers" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_answers_borrower_id_section_pk" PRIMARY KEY("borrower_id","section")
);
--> statement-breakpoint
CREATE TABLE "privacy_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"borrower_id" bigint NOT NULL,
	"version" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purpose" text DEFAULT 'evidence' NOT NULL;--> statement-breakpoint
ALTER TABLE "application_answers" ADD CONSTRAINT "application_answers_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_consents" ADD CONSTRAINT "privacy_consents_borrower_id_borrowers_id_fk" FOREIGN KEY ("borrower_id") REFERENCES "public"."borrowers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_consents_borrower_idx" ON "privacy_consents" USING btree ("borrower_id","id");