ALTER TABLE "payments" ADD COLUMN "honoured" jsonb;--> statement-breakpoint
ALTER TABLE "pay_requests" ADD COLUMN "quote" jsonb;