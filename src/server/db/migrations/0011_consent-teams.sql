CREATE TABLE "employer_contact_endings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"contact_id" uuid,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employer_contact_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seat_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"manager_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_contact_proposals_seat_id_unique" UNIQUE("seat_id")
);
--> statement-breakpoint
CREATE TABLE "seat_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "employer_contact_seat_id" uuid;--> statement-breakpoint
ALTER TABLE "team_orders" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "team_orders" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_seats" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "employer_contact_endings" ADD CONSTRAINT "employer_contact_endings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_contact_endings" ADD CONSTRAINT "employer_contact_endings_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_contact_proposals" ADD CONSTRAINT "employer_contact_proposals_seat_id_team_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."team_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_contact_proposals" ADD CONSTRAINT "employer_contact_proposals_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_contact_proposals" ADD CONSTRAINT "employer_contact_proposals_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_withdrawals" ADD CONSTRAINT "seat_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_withdrawals" ADD CONSTRAINT "seat_withdrawals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_contact_endings_student_idx" ON "employer_contact_endings" USING btree ("student_id","ended_at");--> statement-breakpoint
CREATE INDEX "employer_contact_proposals_student_idx" ON "employer_contact_proposals" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "seat_withdrawals_user_idx" ON "seat_withdrawals" USING btree ("user_id","withdrawn_at");--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD CONSTRAINT "apprenticeships_employer_contact_seat_id_team_seats_id_fk" FOREIGN KEY ("employer_contact_seat_id") REFERENCES "public"."team_seats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_orders" ADD CONSTRAINT "team_orders_confirm_token_hash_unique" UNIQUE("confirm_token_hash");--> statement-breakpoint
-- Employer contacts were adopted from team seats without the apprentice's agreement (docs/apprenticeships.md
-- "Employer contact and reviews"). The old rule left no trace of which contacts it set, and kept them after the
-- seat was taken back, so every contact who manages a team order is cleared; each is recorded first, so an admin
-- sees who they were and can set them again.
INSERT INTO "employer_contact_endings" ("student_id", "contact_id", "contact_name", "contact_email", "reason")
SELECT a."student_id", a."employer_contact_id",
  coalesce(nullif(btrim(concat_ws(' ', u."first_name", u."last_name")), ''), u."email"), u."email", 'adopted'
FROM "apprenticeships" a JOIN "users" u ON u."id" = a."employer_contact_id"
WHERE EXISTS (SELECT 1 FROM "team_orders" o WHERE o."manager_user_id" = a."employer_contact_id");
--> statement-breakpoint
-- Their reviews not yet signed as employer no longer wait for (or open to) them.
UPDATE "progress_reviews" r SET "employer_contact_id" = NULL
WHERE EXISTS (
    SELECT 1 FROM "employer_contact_endings" e
    WHERE e."reason" = 'adopted' AND e."student_id" = r."student_id" AND e."contact_id" = r."employer_contact_id")
  AND NOT EXISTS (SELECT 1 FROM "review_signatures" s WHERE s."review_id" = r."id" AND s."role" = 'employer');
--> statement-breakpoint
UPDATE "apprenticeships" a SET "employer_contact_id" = NULL, "updated_at" = now()
WHERE EXISTS (SELECT 1 FROM "team_orders" o WHERE o."manager_user_id" = a."employer_contact_id");
