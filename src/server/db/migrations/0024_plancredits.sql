ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_refund_id_unique";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_invoice_uq" UNIQUE("refund_id","invoice_id");--> statement-breakpoint
-- hand-written (plan refunds)
-- A credit note never credits more than is left of its invoice (docs/decisions/0023-plan-refund-credit-notes.md):
-- the invoice's total is what its subject charged (the team order, the payment, or the later instalment); the
-- invoice row is locked first, so notes against one invoice are checked one at a time, whoever writes them.
CREATE FUNCTION credit_notes_within_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total integer;
  credited integer;
BEGIN
  PERFORM 1 FROM invoices WHERE id = NEW.invoice_id FOR UPDATE;
  SELECT COALESCE(t.amount_pence, p.amount_pence, pi.amount_pence) INTO total
    FROM invoices i
    LEFT JOIN team_orders t ON t.id = i.team_order_id
    LEFT JOIN payments p ON p.id = i.payment_id
    LEFT JOIN payment_instalments pi ON pi.id = i.instalment_id
    WHERE i.id = NEW.invoice_id;
  SELECT COALESCE(sum(amount_pence), 0) INTO credited FROM credit_notes WHERE invoice_id = NEW.invoice_id;
  IF NEW.amount_pence <= 0 OR total IS NULL OR credited + NEW.amount_pence > total THEN
    RAISE EXCEPTION 'a credit note of % pence is more than is left of its invoice (% of % credited)',
      NEW.amount_pence, credited, total USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_within_invoice BEFORE INSERT ON credit_notes FOR EACH ROW EXECUTE FUNCTION credit_notes_within_invoice();
