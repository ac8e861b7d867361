// The apprenticeships feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { apprenticeshipRoutes } from './apprenticeships.routes.ts';
export { adminApprenticeshipRoutes } from './apprenticeships-admin.routes.ts';
export {
  answerContactProposal,
  contactProposalsFor,
  contactStates,
  endContactsFromSeat,
  proposeEmployerContact,
} from './employer-contact.service.ts';
export { otjEvidenceAccess } from './evidence-access.policy.ts';
export { gatewayRoutes } from './gateway.routes.ts';
export { displayName } from './names.presenter.ts';
export {
  apprenticeshipLearning,
  liveSessionOtjWorker,
  recordSessionRegister,
} from './platform-learning.handler.ts';
export { standardsAdminRoutes } from './standards-admin.routes.ts';
