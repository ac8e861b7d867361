// What other client features may use from checkout: the card form (the team portal's card top-ups).
export { PaymentForm } from './components/payment-form.tsx';
