import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { courses, invoices, teamOrders, teamSeats } from '#server/db/schema/index.ts';
import { type AuditActor, changeSummary, recordAudit } from '#server/features/audit/index.ts';
import { conflict, notFound } from '#server/lib/http.error.ts';
import { isUuid } from '#server/lib/uuid.util.ts';
import type { AdminTeamOrder } from '#shared/schemas/teams.ts';
import { TEAM_ORDER_NOT_FOUND } from './team-orders.service.ts';
import { markTeamOrderPaid, type TeamContext } from './team-settlement.service.ts';
import { invoiceRef, orderStatus } from './teams.presenter.ts';

/** Every team order, newest first, with company, invoice, capacity and members (the admin Teams view). */
export async function listTeamOrders(db: Db, now = new Date()): Promise<AdminTeamOrder[]> {
  const rows = await db
    .select({ order: teamOrders, courseTitle: courses.title, invoice: invoices })
    .from(teamOrders)
    .innerJoin(courses, eq(courses.id, teamOrders.courseId))
    .leftJoin(invoices, eq(invoices.teamOrderId, teamOrders.id))
    .orderBy(desc(teamOrders.createdAt))
    .limit(1000);
  const ids = rows.map((r) => r.order.id);
  const seats = ids.length
    ? await db
        .select()
        .from(teamSeats)
        .where(inArray(teamSeats.teamOrderId, ids))
        .orderBy(asc(teamSeats.assignedAt))
    : [];
  return rows.map(({ order, courseTitle, invoice }) => {
    const members = seats.filter((s) => s.teamOrderId === order.id);
    return {
      id: order.id,
      parentOrderId: order.parentOrderId,
      courseId: order.courseId,
      courseTitle,
      company: order.company,
      buyer: { firstName: order.buyer.firstName, lastName: order.buyer.lastName, email: order.buyer.email },
      payBy: order.payBy,
      status: orderStatus(order, now),
      seats: order.seats,
      capacity: order.seats + order.extraSeats,
      assigned: members.length,
      amountPence: order.amountPence,
      vatPence: order.vatPence,
      createdAt: order.createdAt.toISOString(),
      dueAt: order.dueAt?.toISOString() ?? null,
      paidAt: order.paidAt?.toISOString() ?? null,
      invoice: invoiceRef(invoice),
      members: members.map((m) => ({
        seatId: m.id,
        email: m.email,
        firstName: m.firstName,
        lastName: m.lastName,
        status: m.status,
      })),
    };
  });
}

async function adminOrder(db: Db, id: string): Promise<AdminTeamOrder> {
  const order = (await listTeamOrders(db)).find((o) => o.id === id);
  if (!order) throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
  return order;
}

/** POST /api/admin/team-orders/:id/mark-paid: the bank transfer arrived. Idempotent: a paid order stays as it is. */
export async function markPaidByAdmin(
  db: Db,
  ctx: TeamContext,
  actor: AuditActor,
  id: string,
): Promise<AdminTeamOrder> {
  if (!isUuid(id)) throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(teamOrders).where(eq(teamOrders.id, id)).for('update');
    if (!order) throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
    if (order.status === 'paid') return;
    if (order.status !== 'awaiting_payment') {
      throw conflict('Only invoice orders awaiting payment can be marked paid', 'ORDER_NOT_INVOICED');
    }
    await markTeamOrderPaid(tx, order, ctx);
    await recordAudit(tx, actor, {
      action: 'team_order.mark_paid',
      entityType: 'team_order',
      entityId: id,
      summary: changeSummary({ status: order.status }, { status: 'paid' }),
    });
  });
  return adminOrder(db, id);
}

/** PUT /api/admin/team-orders/:id/capacity: seats on an order, never below the seats already assigned. */
export async function adjustCapacity(
  db: Db,
  actor: AuditActor,
  id: string,
  capacity: number,
): Promise<AdminTeamOrder> {
  if (!isUuid(id)) throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(teamOrders).where(eq(teamOrders.id, id)).for('update');
    if (!order || order.parentOrderId) throw notFound(TEAM_ORDER_NOT_FOUND, 'TEAM_ORDER_NOT_FOUND');
    const [taken] = await tx.select({ n: count() }).from(teamSeats).where(eq(teamSeats.teamOrderId, id));
    if (capacity < Number(taken?.n ?? 0)) {
      throw conflict('More seats are assigned than that; take seats back first', 'SEATS_IN_USE');
    }
    await tx
      .update(teamOrders)
      .set({ extraSeats: capacity - order.seats })
      .where(eq(teamOrders.id, id));
    await recordAudit(tx, actor, {
      action: 'team_order.capacity',
      entityType: 'team_order',
      entityId: id,
      summary: changeSummary({ seats: order.seats + order.extraSeats }, { seats: capacity }),
    });
  });
  return adminOrder(db, id);
}
