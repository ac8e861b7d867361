/** What the checkout pages give a payment form; each provider's form takes the same props. */
export interface PaymentFormProps {
  clientSecret: string;
  /** The checkout page has no details step, so the form asks for the email the login goes to. */
  needsEmail: boolean;
  receiptEmail?: string;
  defaultName?: string;
  payLabel: string;
  /**
   * Called once paid instead of going to /purchase-success: a manager buying more seats stays on /team, and the
   * toast says the seats are being added instead of an account being set up.
   */
  onPaid?: () => void;
  /** The success toast's words when `onPaid` is given (default: the extra seats are being added). */
  paidMessage?: string;
  /**
   * Saves the card for later instead of paying (the client secret is a setup's: a monthly plan's change of card,
   * README 'Failed instalments'); called with the setup's id once the provider has saved it.
   */
  onSaved?: (setupId: string) => void;
}
