CREATE TABLE "refund_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refund_id" uuid NOT NULL,
	"charge_ref" text NOT NULL,
	"instalment_id" uuid,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refund_parts_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refund_parts_refund_charge_uq" UNIQUE("refund_id","charge_ref"),
	CONSTRAINT "refund_parts_amount_ck" CHECK ("refund_parts"."amount_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_instalments" ADD COLUMN "provider_charge_id" text;--> statement-breakpoint
ALTER TABLE "refund_parts" ADD CONSTRAINT "refund_parts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_parts" ADD CONSTRAINT "refund_parts_instalment_id_payment_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."payment_instalments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_parts_charge_idx" ON "refund_parts" USING btree ("charge_ref");--> statement-breakpoint
-- hand-written (refund parts): a refund made before parts existed was asked of the provider against the first
-- payment's intent, as one part; a Stripe instalment's charge is its invoice (docs/decisions/0023-plan-refund-credit-notes.md).
INSERT INTO "refund_parts" ("refund_id", "charge_ref", "amount_pence", "status", "provider_refund_id", "settled_at")
  SELECT r.id, p.provider_intent_id, r.amount_pence, r.status, r.provider_refund_id, r.succeeded_at
  FROM "refunds" r JOIN "payments" p ON p.id = r.payment_id
  WHERE p.provider_intent_id IS NOT NULL;--> statement-breakpoint
UPDATE "payment_instalments" SET "provider_charge_id" = "provider_invoice_id"
  WHERE "status" = 'paid' AND "provider_invoice_id" IS NOT NULL;
--> statement-breakpoint
-- A refund's part never takes more from its charge than the charge took, less the parts of earlier refunds that did
-- not fail (docs/decisions/0023-plan-refund-credit-notes.md): the payment row is locked first, so parts of one
-- payment are checked one at a time, whoever writes them.
CREATE FUNCTION refund_parts_within_charge() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pay uuid;
  charged integer;
  taken integer;
BEGIN
  SELECT payment_id INTO pay FROM refunds WHERE id = NEW.refund_id;
  PERFORM 1 FROM payments WHERE id = pay FOR UPDATE;
  IF NEW.instalment_id IS NULL THEN
    SELECT amount_pence INTO charged FROM payments WHERE id = pay;
  ELSE
    SELECT amount_pence INTO charged FROM payment_instalments WHERE id = NEW.instalment_id AND payment_id = pay;
  END IF;
  SELECT COALESCE(sum(rp.amount_pence), 0) INTO taken
    FROM refund_parts rp JOIN refunds r ON r.id = rp.refund_id
    WHERE r.payment_id = pay AND rp.charge_ref = NEW.charge_ref AND rp.status <> 'failed';
  IF charged IS NULL OR taken + NEW.amount_pence > charged THEN
    RAISE EXCEPTION 'a refund part of % pence is more than is left of its charge (% of % refunded)',
      NEW.amount_pence, taken, charged USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER refund_parts_within_charge BEFORE INSERT ON refund_parts FOR EACH ROW EXECUTE FUNCTION refund_parts_within_charge();
