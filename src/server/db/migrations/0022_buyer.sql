ALTER TABLE "credit_notes" ALTER COLUMN "team_order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "team_order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_rate" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_one_subject_ck" CHECK (("invoices"."team_order_id" IS NULL) <> ("invoices"."payment_id" IS NULL));