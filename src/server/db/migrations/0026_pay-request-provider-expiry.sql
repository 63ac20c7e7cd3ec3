ALTER TABLE "pay_requests" ADD COLUMN "provider_request_id" text;--> statement-breakpoint
ALTER TABLE "pay_requests" ADD COLUMN "provider_expires_at" timestamp with time zone;