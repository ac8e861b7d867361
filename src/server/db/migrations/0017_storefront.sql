CREATE TABLE "course_seat_tiers" (
	"course_id" uuid NOT NULL,
	"min_seats" integer NOT NULL,
	"percent_off" integer NOT NULL,
	CONSTRAINT "course_seat_tiers_course_id_min_seats_pk" PRIMARY KEY("course_id","min_seats"),
	CONSTRAINT "course_seat_tiers_ck" CHECK ("course_seat_tiers"."min_seats" >= 2 AND "course_seat_tiers"."percent_off" BETWEEN 1 AND 90)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"course_ids" uuid[],
	"plans" text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"per_customer" integer,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_value_ck" CHECK ("discount_codes"."value" > 0 AND ("discount_codes"."kind" = 'amount' OR "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_limits_ck" CHECK (("discount_codes"."max_redemptions" IS NULL OR "discount_codes"."max_redemptions" > 0) AND ("discount_codes"."per_customer" IS NULL OR "discount_codes"."per_customer" > 0))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_id" uuid NOT NULL,
	"payment_id" uuid,
	"team_order_id" uuid,
	"email" text NOT NULL,
	"amount_off_pence" integer NOT NULL,
	"list_price_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "discount_redemptions_team_order_id_unique" UNIQUE("team_order_id"),
	CONSTRAINT "discount_redemptions_one_owner_ck" CHECK (num_nonnulls("discount_redemptions"."payment_id", "discount_redemptions"."team_order_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "team_orders" ADD COLUMN "tier_percent" integer;--> statement-breakpoint
ALTER TABLE "team_orders" ADD COLUMN "tier_off_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_orders" ADD COLUMN "discount_code" text;--> statement-breakpoint
ALTER TABLE "team_orders" ADD COLUMN "discount_off_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_seat_tiers" ADD CONSTRAINT "course_seat_tiers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_team_order_id_team_orders_id_fk" FOREIGN KEY ("team_order_id") REFERENCES "public"."team_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_uq" ON "discount_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_idx" ON "discount_redemptions" USING btree ("code_id");