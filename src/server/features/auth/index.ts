// The auth feature's public surface: other features and the app import only this file (ARCHITECTURE.md
// 'Feature boundaries').
export { presentCurrentUser } from './auth.presenter.ts';
export { authRoutes } from './auth.routes.ts';
export {
  findUserByEmail,
  loginKeys,
  type RequestMeta,
  requestMeta,
  TEMP_PASSWORD_EXPIRED,
} from './auth.service.ts';
export { ensureAdmin } from './bootstrap.service.ts';
