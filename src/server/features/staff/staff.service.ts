import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { staffInvitations, users } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { courseContentChanged } from '#server/lib/change-notifications.service.ts';
import { conflict, isUniqueViolation, notFound } from '#server/lib/http.error.ts';
import { enqueueEmail } from '#server/lib/mail/outbox.service.ts';
import { assertStrongPassword } from '#server/lib/password.policy.ts';
import { hashPassword } from '#server/lib/passwords.util.ts';
import { revokeUserSessions, userChanged } from '#server/lib/sessions.service.ts';
import { randomToken, sha256Hex } from '#server/lib/tokens.util.ts';
import { STAFF_INVITATION_TTL_DAYS, type StaffRole } from '#shared/constants.ts';
import type { StaffInvitationInput, StaffMember, StaffUpdate } from '#shared/schemas/staff.ts';
import { staffInvitationEmail } from './staff.emails.ts';

// Staff management (docs/staff.md): invitations (single-use, 7-day links; only the token's hash is stored),
// the staff list, role changes and deactivation. A change to someone's roles or activity reaches every process's
// session cache at once (userChanged), and taking every role away or deactivating ends their sessions.

type Row = typeof users.$inferSelect;

/** The roles column pair for a list of staff roles: admin is the account kind, the rest are staff_roles. */
function columnsFor(roles: readonly StaffRole[]) {
  const others = (['tutor', 'instructor', 'finance'] as const).filter((r) => roles.includes(r));
  return { role: roles.includes('admin') ? ('admin' as const) : ('staff' as const), staffRoles: others };
}

export function staffRolesOf(row: Pick<Row, 'role' | 'staffRoles'>): StaffRole[] {
  return [...(row.role === 'admin' ? (['admin'] as const) : []), ...row.staffRoles];
}

const present = (row: Row): StaffMember => ({
  userId: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  roles: staffRolesOf(row),
  isActive: row.isActive,
});

const emailTaken = (email: string) =>
  conflict('This email already belongs to an account', 'STAFF_EMAIL_IN_USE', { email });

/** POST /api/admin/staff/invitations: queues the email with the link; the account is made on acceptance. */
export async function inviteStaff(
  database: Database,
  actor: AuditActor,
  input: StaffInvitationInput,
  publicUrl: string,
): Promise<{ id: string }> {
  const email = input.email.trim();
  const token = randomToken();
  return database.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (existing) throw emailTaken(email);
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        roles: [...new Set(input.roles)],
        tokenHash: sha256Hex(token),
        invitedBy: actor.id,
        expiresAt: new Date(Date.now() + STAFF_INVITATION_TTL_DAYS * 86_400_000),
      })
      .returning({ id: staffInvitations.id });
    await enqueueEmail(
      tx,
      staffInvitationEmail({
        to: email,
        firstName: input.firstName.trim(),
        roles: input.roles,
        link: `${publicUrl}/staff/accept?token=${token}`,
      }),
    );
    await recordAudit(tx, actor, {
      action: 'staff.invite',
      entityType: 'staff_invitation',
      entityId: row!.id,
      summary: `${email} invited as ${[...new Set(input.roles)].join(', ')}`,
    });
    return { id: row!.id };
  });
}

/**
 * POST /api/staff/accept: makes the staff account with the chosen password. The invitation row is locked, so two
 * acceptances at once make one account; the second gets 409.
 */
export async function acceptInvitation(
  database: Database,
  input: { token: string; password: string },
  ipAddress: string | null,
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await database.db.transaction(async (tx) => {
      const [invitation] = await tx
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.tokenHash, sha256Hex(input.token)))
        .for('update');
      if (!invitation) throw notFound('This invitation link is not valid', 'INVITATION_INVALID');
      if (invitation.acceptedAt) throw conflict('This invitation has already been used', 'INVITATION_USED');
      if (invitation.expiresAt.getTime() < Date.now()) {
        throw notFound('This invitation link has expired; ask for a new one', 'INVITATION_INVALID');
      }
      // The same rule as every other password a person chooses (README 'Passwords'); the link stays usable.
      assertStrongPassword(input.password, { email: invitation.email });
      const [user] = await tx
        .insert(users)
        .values({
          email: invitation.email,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          passwordHash,
          passwordChangedAt: new Date(),
          ...columnsFor(invitation.roles as StaffRole[]),
        })
        .returning();
      await tx
        .update(staffInvitations)
        .set({ acceptedAt: new Date(), userId: user!.id })
        .where(eq(staffInvitations.id, invitation.id));
      await recordAudit(
        tx,
        { id: user!.id, email: user!.email, ipAddress },
        {
          action: 'staff.accept',
          entityType: 'user',
          entityId: user!.id,
          summary: `invitation accepted; roles: ${staffRolesOf(user!).join(', ')}`,
        },
      );
      return { email: user!.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken('');
    throw error;
  }
}

/** GET /api/admin/staff: every staff account, active or not. */
export async function listStaff(database: Database): Promise<StaffMember[]> {
  const rows = await database.db
    .select()
    .from(users)
    .where(inArray(users.role, ['admin', 'staff']))
    .orderBy(asc(users.email));
  return rows.map(present);
}

/** PUT /api/admin/staff/:userId: new roles and/or active flag; the last active admin stays one. */
export async function updateStaff(
  database: Database,
  actor: AuditActor,
  userId: string,
  input: StaffUpdate,
): Promise<StaffMember> {
  const updated = await database.db.transaction(async (tx) => {
    // Admin rows locked in one order, so two demotions at once cannot leave no admin.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .for('update');
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), ne(users.role, 'student')))
      .for('update');
    if (!before) throw notFound('No such staff member', 'STAFF_NOT_FOUND');
    const roles = input.roles ?? staffRolesOf(before);
    const isActive = input.isActive ?? before.isActive;
    const stillAdmin = roles.includes('admin') && isActive;
    if (before.role === 'admin' && before.isActive && !stillAdmin) {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true), ne(users.id, userId)));
      if (Number(others?.n ?? 0) === 0) {
        throw conflict('The last active admin cannot lose the admin role or be deactivated', 'LAST_ADMIN');
      }
    }
    const [row] = await tx
      .update(users)
      .set({ ...columnsFor(roles), isActive, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (roles.length === 0 || !isActive) await revokeUserSessions(tx, userId);
    await recordAudit(tx, actor, {
      action: input.isActive === false && before.isActive ? 'staff.deactivate' : 'staff.update',
      entityType: 'user',
      entityId: userId,
      summary: changeSummary(
        { roles: staffRolesOf(before), active: before.isActive },
        { roles: staffRolesOf(row!), active: row!.isActive },
      ),
    });
    return row!;
  });
  await userChanged(database, userId);
  // A course page names its instructor only while they hold the role: cached pages are made afresh.
  await courseContentChanged(database);
  return present(updated);
}
