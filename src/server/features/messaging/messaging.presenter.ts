import type { users } from '#server/db/schema/index.ts';
import { accountPrincipal, can, type Principal } from '#server/lib/access.policy.ts';
import type { Message, Participant } from '#shared/schemas/messaging.ts';

// What leaves the server of people and messages (docs/product.md#messaging): a student never sees another
// student's email.

export type PersonRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'email' | 'profileImageUrl' | 'role' | 'staffRoles'
>;

/** A student sees staff emails and their own, never another student's. */
export function visibleEmail(
  viewer: Principal,
  person: Pick<PersonRow, 'id' | 'email' | 'role' | 'staffRoles'>,
): string | null {
  if (
    can(viewer, 'message:anyone') ||
    can(accountPrincipal(person), 'message:anyone') ||
    person.id === viewer.id
  ) {
    return person.email;
  }
  return null;
}

export function presentParticipant(viewer: Principal, person: PersonRow): Participant {
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: visibleEmail(viewer, person),
    profileImageUrl: person.profileImageUrl,
    role: person.role,
  };
}

export interface MessageRow {
  id: string;
  conversationId: string;
  senderId: string;
  content: string;
  createdAt: Date;
  sender: Pick<PersonRow, 'id' | 'firstName' | 'email' | 'role' | 'staffRoles'>;
}

export function presentMessage(viewer: Principal, row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    sender: { firstName: row.sender.firstName, email: visibleEmail(viewer, row.sender) },
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}
