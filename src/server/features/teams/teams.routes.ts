import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireTeamManager } from '#server/plugins/auth.plugin.ts';
import { text } from '#shared/schemas/common.ts';
import { teamQuoteRequestSchema, teamQuoteSchema } from '#shared/schemas/discounts.ts';
import {
  assignSeatSchema,
  confirmTeamOrderSchema,
  createTeamOrderSchema,
  pendingTeamOrderSchema,
  teamMemberSchema,
  teamOrderConfirmedSchema,
  teamOrderCreatedSchema,
  teamOverviewSchema,
  teamPricingSchema,
  topUpSchema,
} from '#shared/schemas/teams.ts';
import { confirmTeamOrder, pendingOrder } from './order-confirmation.service.ts';
import { assignSeat, proposeContactForSeat, revokeSeat } from './seats.service.ts';
import { buyMoreSeats, chargedVatRate, createTeamOrder, quoteTeamOrder } from './team-orders.service.ts';
import { teamCsv, teamOverview } from './team-portal.service.ts';
import { presentSeat } from './teams.presenter.ts';

const errorSchema = z.object({ message: z.string(), code: z.string().optional() });
const seatSchema = teamMemberSchema.pick({
  seatId: true,
  orderId: true,
  email: true,
  firstName: true,
  lastName: true,
  status: true,
});

/** Team seats: buying for a team, and the manager portal's API (docs/team-seats.md). */
export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.checkoutDeps;

  app.get(
    '/api/team-orders/pricing',
    {
      schema: {
        tags: ['teams'],
        summary: 'VAT rate for the team price summary',
        response: { 200: teamPricingSchema },
      },
    },
    async () => chargedVatRate(app.config.invoicing),
  );

  app.post(
    '/api/team-orders/quote',
    {
      schema: {
        tags: ['teams'],
        summary: "The server's price of an order: seat tier, discount code, VAT (the team price summary)",
        body: teamQuoteRequestSchema,
        response: { 200: teamQuoteSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { code: _code, ...quote } = await quoteTeamOrder(deps, request.body);
      return quote;
    },
  );

  app.post(
    '/api/team-orders',
    {
      schema: {
        tags: ['teams'],
        summary:
          'Buy seats for a team: by card (a payment intent) or by invoice (awaiting payment; 202 unconfirmed when the email is not the signed-in caller’s)',
        body: createTeamOrderSchema,
        response: {
          201: teamOrderCreatedSchema,
          202: teamOrderCreatedSchema,
          400: errorSchema,
          404: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = request.user ? { id: request.user.id, email: request.user.email } : null;
      const created = await createTeamOrder(deps, request.body, request.ip, caller);
      return reply.code(created.status === 'unconfirmed' ? 202 : 201).send(created);
    },
  );

  app.post(
    '/api/team-orders/pending',
    {
      schema: {
        tags: ['teams'],
        summary: 'The order a confirmation link is for (the confirmation page shows it)',
        body: confirmTeamOrderSchema,
        response: { 200: pendingTeamOrderSchema, 404: errorSchema },
      },
    },
    async (request) => pendingOrder(app.db, request.body.token),
  );

  app.post(
    '/api/team-orders/confirm',
    {
      schema: {
        tags: ['teams'],
        summary:
          'The owner of the email confirms an invoice order: manager, invoice number and invoice email',
        body: confirmTeamOrderSchema,
        response: { 200: teamOrderConfirmedSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => confirmTeamOrder(deps, request.body.token),
  );

  app.get(
    '/api/team',
    { schema: { tags: ['teams'], response: { 200: teamOverviewSchema } }, onRequest: [requireTeamManager] },
    async (request) => teamOverview(app.db, await principalOf(request)),
  );

  app.get(
    '/api/team/export.csv',
    { schema: { tags: ['teams'], summary: 'Team progress as CSV' }, onRequest: [requireTeamManager] },
    async (request, reply) => {
      const csv = teamCsv(await teamOverview(app.db, await principalOf(request)));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="team-progress.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/team/orders/:orderId/seats',
    {
      schema: {
        tags: ['teams'],
        params: z.object({ orderId: text().max(100) }),
        body: assignSeatSchema,
        response: { 201: seatSchema, 404: errorSchema, 409: errorSchema },
      },
      onRequest: [requireTeamManager],
    },
    async (request, reply) => {
      const seat = await assignSeat(deps, await principalOf(request), request.params.orderId, request.body);
      return reply.code(201).send(presentSeat(seat));
    },
  );

  app.delete(
    '/api/team/seats/:seatId',
    {
      schema: { tags: ['teams'], params: z.object({ seatId: text().max(100) }) },
      onRequest: [requireTeamManager],
    },
    async (request, reply) => {
      await revokeSeat(deps, await principalOf(request), request.params.seatId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/team/seats/:seatId/employer-contact',
    {
      schema: {
        tags: ['teams'],
        summary: 'Offer to be this member’s employer contact; it takes effect when the apprentice accepts',
        params: z.object({ seatId: text().max(100) }),
        response: { 201: z.object({ status: z.literal('proposed') }), 404: errorSchema, 409: errorSchema },
      },
      onRequest: [requireTeamManager],
    },
    async (request, reply) => {
      await proposeContactForSeat(deps, await principalOf(request), request.params.seatId);
      return reply.code(201).send({ status: 'proposed' as const });
    },
  );

  app.post(
    '/api/team/orders/:orderId/top-ups',
    {
      schema: {
        tags: ['teams'],
        summary: 'Buy more seats for a paid order',
        params: z.object({ orderId: text().max(100) }),
        body: topUpSchema,
        response: { 201: teamOrderCreatedSchema, 404: errorSchema, 409: errorSchema },
      },
      onRequest: [requireTeamManager],
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await buyMoreSeats(deps, await principalOf(request), request.params.orderId, request.body)),
  );
};
