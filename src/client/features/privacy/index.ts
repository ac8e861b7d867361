// What other client features may use from privacy: the account page's 'Your data' card.
export { YourDataCard } from './components/your-data-card.tsx';
