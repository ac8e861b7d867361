CREATE TABLE "email_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"team_order_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tax_point_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_team_order_id_unique" UNIQUE("team_order_id")
);
--> statement-breakpoint
CREATE TABLE "team_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"manager_user_id" uuid,
	"parent_order_id" uuid,
	"pay_by" text NOT NULL,
	"status" text NOT NULL,
	"seats" integer NOT NULL,
	"extra_seats" integer DEFAULT 0 NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"company" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"payment_id" uuid,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_orders_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "team_orders_seats_ck" CHECK ("team_orders"."seats" > 0 AND "team_orders"."seats" + "team_orders"."extra_seats" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_enrolment" boolean NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_attachments" ADD CONSTRAINT "email_attachments_email_id_email_outbox_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_team_order_id_team_orders_id_fk" FOREIGN KEY ("team_order_id") REFERENCES "public"."team_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_orders" ADD CONSTRAINT "team_orders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_orders" ADD CONSTRAINT "team_orders_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_orders" ADD CONSTRAINT "team_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_seats" ADD CONSTRAINT "team_seats_team_order_id_team_orders_id_fk" FOREIGN KEY ("team_order_id") REFERENCES "public"."team_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_seats" ADD CONSTRAINT "team_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_attachments_email_idx" ON "email_attachments" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "team_orders_manager_idx" ON "team_orders" USING btree ("manager_user_id");--> statement-breakpoint
CREATE INDEX "team_orders_parent_idx" ON "team_orders" USING btree ("parent_order_id");--> statement-breakpoint
CREATE INDEX "team_orders_status_idx" ON "team_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_seats_order_email_uq" ON "team_seats" USING btree ("team_order_id",lower("email"));--> statement-breakpoint
CREATE INDEX "team_seats_user_idx" ON "team_seats" USING btree ("user_id");