CREATE TABLE "scorm_attempts" (
	"user_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"cmi" jsonb NOT NULL,
	"status" text DEFAULT 'not attempted' NOT NULL,
	"success_status" text,
	"score_raw" real,
	"total_seconds" real DEFAULT 0 NOT NULL,
	"session_seconds" real DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_attempts_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid,
	"folder_topic_id" uuid NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"launch_path" text NOT NULL,
	"mastery_score" real,
	"files" jsonb NOT NULL,
	"unpacked_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_packages_topic_id_unique" UNIQUE("topic_id")
);
--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_attempts" ADD CONSTRAINT "scorm_attempts_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scorm_attempts_topic_idx" ON "scorm_attempts" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "scorm_packages_retired_idx" ON "scorm_packages" USING btree ("created_at") WHERE topic_id IS NULL;