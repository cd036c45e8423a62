CREATE TABLE "deadline_reminders_sent" (
	"user_id" uuid NOT NULL,
	"deadline_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_reminders_sent_user_id_deadline_id_pk" PRIMARY KEY("user_id","deadline_id")
);
--> statement-breakpoint
ALTER TABLE "deadline_reminders_sent" ADD CONSTRAINT "deadline_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;