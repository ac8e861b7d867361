// The checkout feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').

export { checkoutRoutes } from './checkout.routes.ts';
export type { CheckoutDeps } from './checkout.service.ts';
export type { PaymentProvider, ProviderInvoice, ProviderRefund, ProviderSetup } from './payment.provider.ts';
export { openPayment, requireConsent, reservePaymentStart } from './payment-opening.service.ts';
export { ABANDON_AFTER_MS, reconcilePayments } from './reconcile.service.ts';
export { paymentReconciler } from './reconcile.worker.ts';
export type {
  CardChangeEventHandler,
  InstalmentEventHandler,
  PaymentSettlement,
  RefundEventHandler,
} from './settlement.handler.ts';
export { StripeProvider } from './stripe.provider.ts';
export { TestPaymentProvider } from './test-provider.service.ts';
