CREATE TABLE "weekly_reviews" (
	"user_id" uuid NOT NULL,
	"week" text NOT NULL,
	"went_well" text NOT NULL,
	"in_the_way" text NOT NULL,
	"focus" text NOT NULL,
	"figures" jsonb NOT NULL,
	"goal_id" uuid,
	"reviewed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_reviews_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "weekly_reviews" ADD CONSTRAINT "weekly_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;