CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid,
	"requested_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"object_key" text,
	"size" bigint,
	"error" text,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"logged_by" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erasure_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"request_id" uuid,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"until" date NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retention_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"rule" text NOT NULL,
	"count" integer NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_logged_by_users_id_fk" FOREIGN KEY ("logged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_holds" ADD CONSTRAINT "erasure_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_holds" ADD CONSTRAINT "erasure_holds_request_id_data_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."data_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_due_idx" ON "data_exports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_active_uq" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "data_requests_due_idx" ON "data_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_requests_open_uq" ON "data_requests" USING btree ("user_id","kind") WHERE "data_requests"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_holds_user_kind_uq" ON "erasure_holds" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "erasure_holds_due_idx" ON "erasure_holds" USING btree ("until") WHERE "erasure_holds"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "retention_log_at_idx" ON "retention_log" USING btree ("at");--> statement-breakpoint
-- hand-written (data)
-- The audit trail stays append-only (docs/staff.md), with one exception: an erasure (README 'Your data',
-- docs/decisions/0020-erasure-pseudonymises-in-place.md) may rewrite the erased person's email and name inside
-- actor_email and summary, and nothing else, in a transaction that has said so with SET LOCAL tradeskills.erasure.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('tradeskills.erasure', true) = 'on'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
     AND NEW.ip_address IS NOT DISTINCT FROM OLD.ip_address AND NEW.action = OLD.action
     AND NEW.entity_type = OLD.entity_type AND NEW.entity_id = OLD.entity_id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
