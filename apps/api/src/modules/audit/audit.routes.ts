// Routes of the audit of reserves (issue 18): published snapshots and the liabilities file are
// public (anyone may check the published root); a proof is the signed-in customer's own.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditCalls,
  auditProofResponseSchema,
  auditSnapshotDetailResponseSchema,
  auditSnapshotIdParamsSchema,
  auditSnapshotListQuerySchema,
  auditSnapshotListResponseSchema,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { limitPerCustomer } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';

const tags = ['audit'];
/** Per address: a page of the audit screen asks a few; a verifier downloads a file once. */
const publicLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };
const fileLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export const auditRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  const { audit } = services;

  app.route({
    ...routeAddress(auditCalls.listSnapshots),
    schema: {
      tags,
      summary: 'Published audit snapshots, newest first, a page at a time: per asset liabilities, reserves, coverage',
      querystring: auditSnapshotListQuerySchema,
      response: { 200: auditSnapshotListResponseSchema },
    },
    config: publicLimit,
    handler: async (request) => ({ data: await audit.service.list(request.query) }),
  });

  app.route({
    ...routeAddress(auditCalls.snapshot),
    schema: {
      tags,
      summary: 'One snapshot: root, totals, and the reserve addresses with their signed messages',
      params: auditSnapshotIdParamsSchema,
      response: { 200: auditSnapshotDetailResponseSchema },
    },
    config: publicLimit,
    handler: async (request) => ({ data: await audit.service.get(request.params.id) }),
  });

  app.route({
    ...routeAddress(auditCalls.proof),
    schema: {
      tags,
      summary: "The signed-in customer's inclusion proof: their leaves, nonce and paths to the root",
      params: auditSnapshotIdParamsSchema,
      response: { 200: auditProofResponseSchema },
    },
    preHandler: app.authenticate,
    // Each proof rebuilds the customer's chunks of the tree; the screen asks once per verification.
    config: limitPerCustomer(30),
    handler: async (request) => ({
      data: await audit.service.proof(currentUser(request).userId, request.params.id),
    }),
  });

  app.route({
    ...routeAddress(auditCalls.liabilities),
    schema: {
      tags,
      summary: 'The public liabilities file (JSON lines): every leaf hash and its sums, no identities',
      params: auditSnapshotIdParamsSchema,
    },
    config: fileLimit,
    handler: async (request, reply) => {
      const lines = await audit.service.liabilitiesFile(request.params.id);
      return (
        reply
          .type('application/x-ndjson; charset=utf-8')
          // A published snapshot never changes: caches and browsers may keep its file.
          .header('cache-control', 'public, max-age=86400, immutable')
          .header('content-disposition', `attachment; filename="rora-liabilities-${request.params.id}.jsonl"`)
          .send(Readable.from(lines))
      );
    },
  });
};
