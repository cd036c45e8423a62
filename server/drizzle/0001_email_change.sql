ALTER TABLE "users" ADD COLUMN "email_change" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_change_sent_at" timestamp with time zone;