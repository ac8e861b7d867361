CREATE TABLE "card_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"provider_setup_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"card" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "card_changes_provider_setup_id_unique" UNIQUE("provider_setup_id")
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_one_subject_ck";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "instalment_id" uuid;--> statement-breakpoint
ALTER TABLE "card_changes" ADD CONSTRAINT "card_changes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_changes" ADD CONSTRAINT "card_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_changes_one_pending_uq" ON "card_changes" USING btree ("payment_id") WHERE "card_changes"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_instalment_id_payment_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."payment_instalments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_instalment_id_unique" UNIQUE("instalment_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_one_subject_ck" CHECK (num_nonnulls("invoices"."team_order_id", "invoices"."payment_id", "invoices"."instalment_id") = 1);