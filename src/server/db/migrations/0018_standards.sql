CREATE TABLE "apprenticeship_qualifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"apprenticeship_id" uuid NOT NULL,
	"title" text NOT NULL,
	"achieved_on" date,
	"evidence_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_signatures" (
	"apprenticeship_id" uuid NOT NULL,
	"role" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_signatures_apprenticeship_id_role_pk" PRIMARY KEY("apprenticeship_id","role")
);
--> statement-breakpoint
CREATE TABLE "ksb_signoffs" (
	"apprenticeship_id" uuid NOT NULL,
	"ksb_id" uuid NOT NULL,
	"signed_by" uuid,
	"signed_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ksb_signoffs_apprenticeship_id_ksb_id_pk" PRIMARY KEY("apprenticeship_id","ksb_id")
);
--> statement-breakpoint
CREATE TABLE "otj_entry_ksbs" (
	"entry_id" uuid NOT NULL,
	"ksb_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "otj_entry_ksbs_entry_id_ksb_id_pk" PRIMARY KEY("entry_id","ksb_id")
);
--> statement-breakpoint
CREATE TABLE "topic_ksb_evidence" (
	"apprenticeship_id" uuid NOT NULL,
	"ksb_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_ksb_evidence_apprenticeship_id_ksb_id_topic_id_pk" PRIMARY KEY("apprenticeship_id","ksb_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "topic_ksbs" (
	"topic_id" uuid NOT NULL,
	"ksb_id" uuid NOT NULL,
	CONSTRAINT "topic_ksbs_topic_id_ksb_id_pk" PRIMARY KEY("topic_id","ksb_id")
);
--> statement-breakpoint
CREATE TABLE "standard_ksbs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"standard_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	"source_id" text NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_number" text NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"level" integer NOT NULL,
	"lars_code" integer NOT NULL,
	"typical_duration_months" integer NOT NULL,
	"minimum_otj_hours" integer,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standards_minimum_otj" CHECK ("standards"."minimum_otj_hours" IS NULL OR "standards"."minimum_otj_hours" >= 187)
);
--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "standard_id" uuid;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "prior_learning_reduction_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "prior_learning_reason" text;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "uln" text;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "sex" text;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "ethnicity" integer;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "postcode_prior" text;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "lldd_health_problem" integer;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "delivery_postcode" text;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "actual_end_date" date;--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "apprenticeship_qualifications" ADD CONSTRAINT "apprenticeship_qualifications_apprenticeship_id_apprenticeships_id_fk" FOREIGN KEY ("apprenticeship_id") REFERENCES "public"."apprenticeships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_signatures" ADD CONSTRAINT "gateway_signatures_apprenticeship_id_apprenticeships_id_fk" FOREIGN KEY ("apprenticeship_id") REFERENCES "public"."apprenticeships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_signatures" ADD CONSTRAINT "gateway_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ksb_signoffs" ADD CONSTRAINT "ksb_signoffs_apprenticeship_id_apprenticeships_id_fk" FOREIGN KEY ("apprenticeship_id") REFERENCES "public"."apprenticeships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ksb_signoffs" ADD CONSTRAINT "ksb_signoffs_ksb_id_standard_ksbs_id_fk" FOREIGN KEY ("ksb_id") REFERENCES "public"."standard_ksbs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ksb_signoffs" ADD CONSTRAINT "ksb_signoffs_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otj_entry_ksbs" ADD CONSTRAINT "otj_entry_ksbs_entry_id_otj_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."otj_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otj_entry_ksbs" ADD CONSTRAINT "otj_entry_ksbs_ksb_id_standard_ksbs_id_fk" FOREIGN KEY ("ksb_id") REFERENCES "public"."standard_ksbs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_ksb_evidence" ADD CONSTRAINT "topic_ksb_evidence_apprenticeship_id_apprenticeships_id_fk" FOREIGN KEY ("apprenticeship_id") REFERENCES "public"."apprenticeships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_ksb_evidence" ADD CONSTRAINT "topic_ksb_evidence_ksb_id_standard_ksbs_id_fk" FOREIGN KEY ("ksb_id") REFERENCES "public"."standard_ksbs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_ksb_evidence" ADD CONSTRAINT "topic_ksb_evidence_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_ksbs" ADD CONSTRAINT "topic_ksbs_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_ksbs" ADD CONSTRAINT "topic_ksbs_ksb_id_standard_ksbs_id_fk" FOREIGN KEY ("ksb_id") REFERENCES "public"."standard_ksbs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_ksbs" ADD CONSTRAINT "standard_ksbs_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards" ADD CONSTRAINT "standards_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apprenticeship_qualifications_idx" ON "apprenticeship_qualifications" USING btree ("apprenticeship_id");--> statement-breakpoint
CREATE INDEX "otj_entry_ksbs_ksb_idx" ON "otj_entry_ksbs" USING btree ("ksb_id");--> statement-breakpoint
CREATE INDEX "topic_ksbs_ksb_idx" ON "topic_ksbs" USING btree ("ksb_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_ksbs_code_uq" ON "standard_ksbs" USING btree ("standard_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "standards_reference_version_uq" ON "standards" USING btree ("reference_number","version");--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD CONSTRAINT "apprenticeships_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apprenticeships_standard_idx" ON "apprenticeships" USING btree ("standard_id");--> statement-breakpoint
ALTER TABLE "apprenticeships" ADD CONSTRAINT "apprenticeships_prior_learning" CHECK ("apprenticeships"."prior_learning_reduction_hours" >= 0);