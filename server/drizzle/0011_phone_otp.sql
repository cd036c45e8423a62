ALTER TABLE "users" ADD COLUMN "phone_change" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_change_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone") WHERE "users"."phone" is not null;