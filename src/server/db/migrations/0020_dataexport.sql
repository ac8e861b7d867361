-- hand-written (dataexport)
-- Credit notes are never changed (docs/product.md#refunds-cancellations-and-credit-notes), with the exception the
-- audit trail has: an erasure (README 'Your data', docs/decisions/0020-erasure-pseudonymises-in-place.md) may
-- replace the erased person's email and name inside `reason`, and nothing else, in a transaction that has said so
-- with SET LOCAL tradeskills.erasure. Deleting stays refused.
CREATE OR REPLACE FUNCTION credit_notes_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('tradeskills.erasure', true) = 'on'
     AND NEW.id = OLD.id AND NEW.number = OLD.number AND NEW.refund_id = OLD.refund_id
     AND NEW.invoice_id = OLD.invoice_id AND NEW.team_order_id = OLD.team_order_id
     AND NEW.net_pence = OLD.net_pence AND NEW.vat_pence = OLD.vat_pence AND NEW.amount_pence = OLD.amount_pence
     AND NEW.issued_at = OLD.issued_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'credit notes are never changed or deleted' USING ERRCODE = '23514';
END $$;
