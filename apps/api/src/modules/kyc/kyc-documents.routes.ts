// Routes of the KYC documents: the four uploads (spec §7, multipart), the names of the documents on
// file, and one's own document file. Every `{id}` is the caller's own id or the answer is 404.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  documentsNameResponseSchema,
  kycCalls,
  kycDocumentParamsSchema,
  kycStateResponseSchema,
  userIdParamsSchema,
  type KycDocumentKind,
} from '@rora/contracts';
import { currentUser } from '../../plugins/auth.ts';
import { limitPerCustomer, tooManyRequests } from '../../plugins/rate-limit.ts';
import { accountRouteValidator, routeAddress } from '../accounts/index.ts';
import type { ModuleOptions } from '../index.ts';
import { ownUserId } from '../../plugins/own-user.ts';
import { createUploadGate, multipartLimits, readUpload } from './kyc-upload.ts';

const tags = ['kyc'];
/** Uploads one process reads and inspects at once: 8 of at most 10 MB each, 2 per customer. */
export const UPLOADS_IN_FLIGHT = { total: 8, perCustomer: 2 };
/**
 * Downloads one process sends at once: a document is read whole from storage and held until sent,
 * so 100 downloads at once of one customer's 10 MB file took the server from 275 MB to 1.2 GB.
 */
export const DOWNLOADS_IN_FLIGHT = { total: 16, perCustomer: 2, refusal: tooManyRequests };

const uploads: Array<{ call: (typeof kycCalls)[keyof typeof kycCalls]; kind: KycDocumentKind; summary: string }> = [
  { call: kycCalls.uploadProofOfResidence, kind: 'proof_of_residence', summary: 'Upload the proof of residence' },
  { call: kycCalls.uploadIdCard, kind: 'id_card', summary: 'Upload a photo of the ID card' },
  { call: kycCalls.uploadPhoto, kind: 'photo', summary: 'Upload a photo of the customer' },
  { call: kycCalls.uploadPhotoWithIdCard, kind: 'photo_with_id_card', summary: 'Upload a selfie holding the ID card' },
];

/** `filename` (ASCII, quotes escaped away) and `filename*` (UTF-8) of a Content-Disposition. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const kycDocumentRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  app.setValidatorCompiler(accountRouteValidator);
  // preservePath: see the name as sent, so a name with a folder path is refused rather than cut.
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true, preservePath: true });
  const kyc = services.kyc.service;
  const gate = createUploadGate(UPLOADS_IN_FLIGHT);
  const downloads = createUploadGate(DOWNLOADS_IN_FLIGHT);

  for (const { call, kind, summary } of uploads) {
    app.route({
      ...routeAddress(call),
      config: limitPerCustomer(20),
      schema: {
        tags,
        summary: `${summary}: one JPEG, PNG or PDF file of at most 10 MB (multipart/form-data)`,
        consumes: ['multipart/form-data'],
        params: userIdParamsSchema,
        response: { 200: kycStateResponseSchema },
      },
      preHandler: app.authenticate,
      handler: async (request) => {
        const userId = ownUserId(request);
        const leave = gate.enter(userId);
        try {
          const upload = await readUpload(request);
          return { data: await kyc.uploadDocument({ userId, kind, ...upload, log: request.log }) };
        } finally {
          leave();
        }
      },
    });
  }

  app.route({
    ...routeAddress(kycCalls.getDocumentsName),
    schema: {
      tags,
      summary: "The names of the customer's documents on file",
      params: userIdParamsSchema,
      response: { 200: documentsNameResponseSchema },
    },
    preHandler: app.authenticate,
    handler: async (request) => ({ data: { items: await kyc.listDocuments(ownUserId(request)) } }),
  });

  app.route({
    ...routeAddress(kycCalls.downloadDocument),
    schema: { tags, summary: 'Download one of your own documents (attachment)', params: kycDocumentParamsSchema },
    config: limitPerCustomer(60),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const { userId } = currentUser(request);
      // The slot is held until the answer has left or the connection closed, whichever is first.
      const leave = downloads.enter(userId);
      reply.raw.once('finish', leave).once('close', leave);
      const { document, bytes } = await kyc.readDocument({ userId, documentId: request.params.documentId });
      return reply
        .header('content-type', document.contentType)
        .header('content-disposition', attachment(document.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  });
};
