CREATE TABLE "device_reminders" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"weekday" integer NOT NULL,
	"hour" integer NOT NULL,
	"time_zone" text NOT NULL,
	"language" text NOT NULL,
	"next_send_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_reminders_due_idx" ON "device_reminders" USING btree ("next_send_at");