import type { authSessions, users } from '#server/db/schema/index.ts';
import type { DeviceSession, Profile } from '#shared/schemas/accounts.ts';
import { describeUserAgent } from './user-agent.util.ts';

type UserRow = typeof users.$inferSelect;
type SessionRow = typeof authSessions.$inferSelect;

export function presentProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
  };
}

/** A signed-in device: a readable browser label, never the token or its hash. */
export function presentDeviceSession(session: SessionRow, currentSessionId: string | null): DeviceSession {
  return {
    id: session.id,
    browser: describeUserAgent(session.userAgent),
    ipAddress: session.ipAddress,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentSessionId,
  };
}
