// The customer's KYC documents: an upload is recognised, cleaned and stored under a random key
// before its row is written; the file is removed again if the row cannot be. Reads are scoped to
// the owner: another customer's document is not found.
import type { KycDocument, KycDocumentKind, KycState } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { inspectDocument } from './document-inspection.ts';
import * as repository from './kyc.repository.ts';
import { touchItem, type CustomerRequest, type KycChanges } from './kyc-changes.ts';
import { assertItemChangeable, statusAfterChange } from './kyc-state-machine.ts';
import { toDocument } from './kyc-view.ts';
import { newStorageKey, type DocumentStorage } from './storage/document-storage.ts';

export interface DocumentUpload extends CustomerRequest {
  kind: KycDocumentKind;
  fileName: string | undefined;
  bytes: Buffer;
}

/**
 * Documents one customer may upload in 24 hours. Every replaced document stays on record, file
 * included, so without a cap one customer filled the disk at the rate limit: 20 PDFs of 10 MB a
 * minute (200 MB a minute, about 290 GB a day). 20 a day is five tries for each of the four.
 */
export const MAX_UPLOADS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export function createKycDocuments(deps: { db: Db; clock: Clock; storage: DocumentStorage; changes: KycChanges }) {
  const { db, clock, storage, changes } = deps;

  async function uploadDocument(upload: DocumentUpload): Promise<KycState> {
    const { userId, kind } = upload;
    // Refuse early, before decoding an image, when this document cannot change now.
    const status = await repository.findCustomerStatus(db, userId);
    if (!status) throw new AppError('resource_not_found');
    const application = await repository.findApplication(db, userId);
    assertItemChangeable(status, kind, application?.itemsToFix ?? []);
    const since = new Date(clock.now().getTime() - DAY_MS);
    if ((await repository.countDocumentsSince(db, userId, since)) >= MAX_UPLOADS_PER_DAY) {
      throw new AppError('document_uploads_per_day_exceeded', { field: 'file' });
    }

    const inspected = await inspectDocument({ kind, fileName: upload.fileName, bytes: upload.bytes });
    const storageKey = newStorageKey();
    await storage.put(storageKey, inspected.bytes);
    try {
      return await changes.change(upload, async (tx, current, now) => {
        await touchItem(tx, { userId, item: kind, status: current, now });
        await repository.replaceDocument(tx, {
          userId,
          kind,
          storageKey,
          fileName: inspected.fileName,
          contentType: inspected.contentType,
          sizeBytes: inspected.bytes.length,
          sha256: Buffer.from(inspected.sha256Hex, 'hex'),
          createdAt: now,
        });
        return statusAfterChange(current);
      });
    } catch (error) {
      await storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
  }

  async function listDocuments(userId: string): Promise<KycDocument[]> {
    return (await repository.currentDocuments(db, userId)).map(toDocument);
  }

  /** One of the customer's own documents with its bytes; anyone else's is not found. */
  async function readDocument(options: { userId: string; documentId: string }) {
    if (!/^[0-9a-f-]{36}$/i.test(options.documentId)) throw new AppError('resource_not_found');
    const row = await repository.findOwnDocument(db, options);
    if (!row) throw new AppError('resource_not_found');
    const bytes = await storage.get(row.storageKey);
    if (!bytes) throw new Error(`document ${row.id} is missing from storage`);
    return { document: toDocument(row), bytes };
  }

  return { uploadDocument, listDocuments, readDocument };
}
