CREATE TABLE "cob_steps" (
	"business_date" date NOT NULL,
	"step" text NOT NULL,
	"range_lo" bigint NOT NULL,
	"range_hi" bigint NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"became_overdue" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cob_steps_business_date_step_range_lo_pk" PRIMARY KEY("business_date","step","range_lo")
);
--> statement-breakpoint
ALTER TABLE "cob_steps" ADD CONSTRAINT "cob_steps_business_date_cob_runs_business_date_fk" FOREIGN KEY ("business_date") REFERENCES "public"."cob_runs"("business_date") ON DELETE cascade ON UPDATE no action;