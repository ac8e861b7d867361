CREATE TABLE "apprenticeships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"standard" text NOT NULL,
	"level" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"weekly_contracted_hours" real NOT NULL,
	"planned_otj_hours" integer NOT NULL,
	"standard_minimum_hours" integer,
	"employer_contact_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apprenticeships_student_id_unique" UNIQUE("student_id"),
	CONSTRAINT "apprenticeships_planned_min" CHECK ("apprenticeships"."planned_otj_hours" >= 187),
	CONSTRAINT "apprenticeships_dates" CHECK ("apprenticeships"."end_date" > "apprenticeships"."start_date")
);
--> statement-breakpoint
CREATE TABLE "otj_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"apprenticeship_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"seconds" integer NOT NULL,
	"activity" text NOT NULL,
	"description" text NOT NULL,
	"in_paid_hours" boolean,
	"evidence_path" text,
	"source" text DEFAULT 'apprentice' NOT NULL,
	"source_ref" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otj_entries_seconds" CHECK ("otj_entries"."seconds" > 0 AND "otj_entries"."seconds" <= 86400)
);
--> statement-breakpoint
CREATE TABLE "progress_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"apprenticeship_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"employer_contact_id" uuid,
	"review_date" date NOT NULL,
	"progress_summary" text NOT NULL,
	"otj_hours_to_date" real NOT NULL,
	"next_steps" text NOT NULL,
	"support_needs" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_signatures" (
	"review_id" uuid NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_signatures_review_id_role_pk" PRIMARY KEY("review_id","role")
);
--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD CONSTRAINT "apprenticeships_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD CONSTRAINT "apprenticeships_employer_contact_id_users_id_fk" FOREIGN KEY ("employer_contact_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otj_entries" ADD CONSTRAINT "otj_entries_apprenticeship_id_apprenticeships_id_fk" FOREIGN KEY ("apprenticeship_id") REFERENCES "public"."apprenticeships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otj_entries" ADD CONSTRAINT "otj_entries_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otj_entries" ADD CONSTRAINT "otj_entries_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reviews" ADD CONSTRAINT "progress_reviews_apprenticeship_id_apprenticeships_id_fk" FOREIGN KEY ("apprenticeship_id") REFERENCES "public"."apprenticeships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reviews" ADD CONSTRAINT "progress_reviews_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reviews" ADD CONSTRAINT "progress_reviews_employer_contact_id_users_id_fk" FOREIGN KEY ("employer_contact_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_reviews" ADD CONSTRAINT "progress_reviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_signatures" ADD CONSTRAINT "review_signatures_review_id_progress_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."progress_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_signatures" ADD CONSTRAINT "review_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apprenticeships_employer_contact_idx" ON "apprenticeships" USING btree ("employer_contact_id");--> statement-breakpoint
CREATE INDEX "otj_entries_student_date_idx" ON "otj_entries" USING btree ("student_id","date");--> statement-breakpoint
CREATE INDEX "otj_entries_status_idx" ON "otj_entries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "otj_entries_evidence_idx" ON "otj_entries" USING btree ("evidence_path");--> statement-breakpoint
CREATE UNIQUE INDEX "otj_entries_no_duplicate_uq" ON "otj_entries" USING btree ("student_id","date","activity","seconds",lower(btrim("description"))) WHERE "otj_entries"."source" = 'apprentice' AND "otj_entries"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "otj_entries_platform_uq" ON "otj_entries" USING btree ("student_id","source","source_ref","date") WHERE "otj_entries"."source" <> 'apprentice' AND "otj_entries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "progress_reviews_student_idx" ON "progress_reviews" USING btree ("student_id","review_date");--> statement-breakpoint
CREATE INDEX "progress_reviews_employer_idx" ON "progress_reviews" USING btree ("employer_contact_id");