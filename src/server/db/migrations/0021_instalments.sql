ALTER TABLE "payment_instalments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "next_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "defaulted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "recovery_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_on_file" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "access_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "plan_defaulted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD CONSTRAINT "payment_instalments_recovery_payment_id_payments_id_fk" FOREIGN KEY ("recovery_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_instalments_due_idx" ON "payment_instalments" USING btree ("status","next_retry_at");--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD CONSTRAINT "payment_instalments_provider_invoice_id_unique" UNIQUE("provider_invoice_id");--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD CONSTRAINT "payment_instalments_recovery_payment_id_unique" UNIQUE("recovery_payment_id");--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD CONSTRAINT "payment_instalments_payment_sequence_uq" UNIQUE("payment_id","sequence");