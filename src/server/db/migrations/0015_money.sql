CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"refund_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"team_order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_refund_id_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"reason" text NOT NULL,
	"end_access" boolean NOT NULL,
	"source" text NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	CONSTRAINT "refunds_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_team_order_id_team_orders_id_fk" FOREIGN KEY ("team_order_id") REFERENCES "public"."team_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
-- hand-written (money)
-- Credit-note numbers are gap-free (docs/product.md#refunds-cancellations-and-credit-notes): each new number is the
-- last one plus one. The counter row's lock (invoice_counters, series 'credit_note') serialises the inserts; this
-- refuses any insert that would leave a gap or reuse a number, whoever writes it.
CREATE FUNCTION credit_notes_gap_free() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.number <> COALESCE((SELECT max(number) FROM credit_notes), 0) + 1 THEN
    RAISE EXCEPTION 'credit note number % is not the next in the series', NEW.number USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_gap_free BEFORE INSERT ON credit_notes FOR EACH ROW EXECUTE FUNCTION credit_notes_gap_free();
--> statement-breakpoint
CREATE FUNCTION credit_notes_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit notes are never changed or deleted' USING ERRCODE = '23514';
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_no_update BEFORE UPDATE OR DELETE ON credit_notes FOR EACH ROW EXECUTE FUNCTION credit_notes_immutable();
