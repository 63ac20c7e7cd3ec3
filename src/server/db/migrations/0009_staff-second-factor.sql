ALTER TABLE "staff" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "recovery_code_hashes" text[] DEFAULT '{}'::text[] NOT NULL;