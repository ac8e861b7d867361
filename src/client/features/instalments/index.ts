// What other client features (and the app's composition) may use from instalments: Billing's monthly plans card
// and the portal's 'Payment overdue' banner (docs/product.md#failed-instalments).
export { OverdueNotice } from './components/overdue-notice.tsx';
export { PlanSchedulesCard } from './components/plan-schedules-card.tsx';
