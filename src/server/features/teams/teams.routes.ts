import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutDeps } from '#server/features/checkout/index.ts';
import { principalOf, requireTeamManager } from '#server/plugins/auth.ts';
import {
  assignSeatSchema,
  createTeamOrderSchema,
  teamMemberSchema,
  teamOrderCreatedSchema,
  teamOverviewSchema,
  teamPricingSchema,
  topUpSchema,
} from '#shared/schemas/teams.ts';
import { assignSeat, revokeSeat } from './seats.service.ts';
import { buyMoreSeats, chargedVatRate, createTeamOrder } from './team-orders.service.ts';
import { teamCsv, teamOverview } from './team-portal.service.ts';
import { presentSeat } from './teams.presenter.ts';

const errorSchema = z.object({ message: z.string(), code: z.string().optional() });
const seatSchema = teamMemberSchema.pick({
  seatId: true,
  orderId: true,
  email: true,
  firstName: true,
  lastName: true,
});

/** Team seats: buying for a team, and the manager portal's API (docs/team-seats.md). */
export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = checkoutDeps(app);

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
    '/api/team-orders',
    {
      schema: {
        tags: ['teams'],
        summary: 'Buy seats for a team: by card (a payment intent) or by invoice (awaiting payment)',
        body: createTeamOrderSchema,
        response: { 201: teamOrderCreatedSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createTeamOrder(deps, request.body, request.ip)),
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
        params: z.object({ orderId: z.string().max(100) }),
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
      schema: { tags: ['teams'], params: z.object({ seatId: z.string().max(100) }) },
      onRequest: [requireTeamManager],
    },
    async (request, reply) => {
      await revokeSeat(deps, await principalOf(request), request.params.seatId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/team/orders/:orderId/top-ups',
    {
      schema: {
        tags: ['teams'],
        summary: 'Buy more seats for a paid order',
        params: z.object({ orderId: z.string().max(100) }),
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
