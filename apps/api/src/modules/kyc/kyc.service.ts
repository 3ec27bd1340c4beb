// Identity verification (KYC) for a customer: the identity details, the four documents
// (kyc-documents.service.ts), sending them to the identity provider, and where the customer stands.
// Changes go through kyc-changes.ts; the provider's decisions arrive through kyc-decisions.ts.
import { randomUUID } from 'node:crypto';
import {
  ageInYears,
  KYC_MAX_AGE_YEARS,
  KYC_MIN_AGE_YEARS,
  type KycDocumentKind,
  type KycIdentity,
  type KycState,
  type KycStatus,
} from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { IdentityProvider } from './identity-provider/identity-provider.ts';
import * as repository from './kyc.repository.ts';
import { createKycChanges, touchItem, type CustomerRequest } from './kyc-changes.ts';
import { createKycDocuments } from './kyc-documents.service.ts';
import * as handovers from './kyc-handovers.ts';
import type { KycNotifier } from './kyc-notifier.ts';
import { statusAfterChange, submissionTarget } from './kyc-state-machine.ts';
import { hasIdentity, identityOf } from './kyc-view.ts';
import type { DocumentStorage } from './storage/document-storage.ts';

export type { CustomerRequest } from './kyc-changes.ts';

export interface KycServiceDependencies {
  db: Db;
  clock: Clock;
  storage: DocumentStorage;
  provider: IdentityProvider;
  notifier: KycNotifier;
  /** Countries refused service (config BLOCKED_COUNTRIES): not accepted as a residence. */
  blockedCountries: readonly string[];
}

export type KycService = ReturnType<typeof createKycService>;

/** Sends the application as it stands to the provider; a refusal is the provider being unavailable. */
async function sendToProvider(options: {
  provider: IdentityProvider;
  storage: DocumentStorage;
  reference: string;
  application: repository.ApplicationRow | null;
  documents: repository.DocumentRow[];
}): Promise<void> {
  const { privacyPolicyAgreedAt: _agreedAt, ...identity } = identityOf(options.application)!;
  await options.provider.submit({
    reference: options.reference,
    identity,
    documents: options.documents.map((row) => ({
      kind: row.kind as KycDocumentKind,
      fileName: row.fileName,
      contentType: row.contentType,
      sha256Hex: row.sha256.toString('hex'),
      read: async () => {
        const bytes = await options.storage.get(row.storageKey);
        if (!bytes) throw new Error(`document ${row.id} is missing from storage`);
        return bytes;
      },
    })),
  });
}

/** What a submission handed to the provider, for the transaction that records it. */
interface HandedOver {
  target: KycStatus;
  reference: string;
  /** The application and documents as sent (fingerprint). */
  sent: string;
}

async function readApplication(db: repository.Executor, userId: string) {
  const [application, documents] = await Promise.all([
    repository.findApplication(db, userId),
    repository.currentDocuments(db, userId),
  ]);
  return { application, documents };
}

/** Where a submission takes the customer now, or the rule it breaks. */
function targetOf(
  status: KycStatus,
  application: repository.ApplicationRow | null,
  documents: repository.DocumentRow[],
) {
  return submissionTarget({
    status,
    hasIdentity: hasIdentity(application),
    documentKinds: documents.map((document) => document.kind as KycDocumentKind),
    itemsToFix: application?.itemsToFix ?? [],
  });
}

/** The application as the provider is given it: its identity details and its documents' contents. */
function fingerprint(application: repository.ApplicationRow | null, documents: repository.DocumentRow[]): string {
  return JSON.stringify({
    identity: identityOf(application),
    itemsToFix: application?.itemsToFix ?? [],
    documents: documents.map((document) => `${document.id} ${document.kind} ${document.sha256.toString('hex')}`).sort(),
  });
}

export function createKycService(deps: KycServiceDependencies) {
  const { db, clock, provider } = deps;
  const changes = createKycChanges({ db, clock, notifier: deps.notifier, providerName: provider.displayName });
  const documents = createKycDocuments({ db, clock, storage: deps.storage, changes });

  async function saveIdentity(request: CustomerRequest & { identity: KycIdentity }): Promise<KycState> {
    const { identity, userId } = request;
    const age = ageInYears(identity.dateOfBirth, clock.now());
    if (age < KYC_MIN_AGE_YEARS) throw new AppError('customer_must_be_an_adult', { field: 'dateOfBirth' });
    if (age > KYC_MAX_AGE_YEARS) throw new AppError('date_of_birth_must_be_valid', { field: 'dateOfBirth' });
    if (deps.blockedCountries.includes(identity.country)) {
      throw new AppError('country_must_be_supported', { field: 'country' });
    }
    return changes.change(request, async (tx, status, now) => {
      await touchItem(tx, { userId, item: 'identity', status, now });
      await repository.saveIdentity(tx, { userId, identity, now });
      return statusAfterChange(status);
    });
  }

  /**
   * Claims the customer's hand-over (kyc-handovers.ts: another replica's meanwhile is refused),
   * reading the application and checking the rule under the claim's lock, then hands it to the
   * provider in no transaction: a refused hand-over changes nothing, and a slow one holds no
   * connection.
   */
  async function handOver(request: CustomerRequest, reference: string): Promise<HandedOver> {
    const { userId } = request;
    const { application, documents, target } = await handovers.claimHandover(
      db,
      { userId, reference, now: clock.now() },
      async (tx, status) => {
        const read = await readApplication(tx, userId);
        return { ...read, target: targetOf(status, read.application, read.documents) };
      },
    );
    try {
      await sendToProvider({ provider, storage: deps.storage, reference, application, documents });
    } catch (error) {
      request.log.error({ err: error, provider: provider.id }, 'identity provider refused the submission');
      throw new AppError('identity_provider_unavailable');
    }
    return { target, reference, sent: fingerprint(application, documents) };
  }

  /**
   * Records a hand-over under the customer's lock: the rule is checked again (another replica may
   * have sent it before this one claimed: kyc_awaiting_decision), what is recorded must be what the
   * provider was given, and the claim must still stand (a provider slower than its lapse: 503).
   */
  async function record(tx: Tx, state: { userId: string; status: KycStatus; now: Date }, handed: HandedOver) {
    const { application, documents } = await readApplication(tx, state.userId);
    const target = targetOf(state.status, application, documents);
    if (target !== handed.target || fingerprint(application, documents) !== handed.sent) {
      throw new AppError('kyc_changed_during_submission');
    }
    if (!(await handovers.recordHandover(tx, { reference: handed.reference, now: state.now }))) {
      throw new AppError('identity_provider_unavailable');
    }
    await repository.markSubmitted(tx, {
      userId: state.userId,
      provider: provider.id,
      reference: handed.reference,
      now: state.now,
    });
    return target;
  }

  /** Sends for review, then records it; a hand-over not recorded is given up (kyc-handovers.ts). */
  async function submit(request: CustomerRequest): Promise<KycState> {
    const { userId } = request;
    const reference = `kyc_${randomUUID()}`;
    try {
      return await changes.changeAfter(
        request,
        () => handOver(request, reference),
        (tx, status, now, handed) => record(tx, { userId, status, now }, handed),
      );
    } catch (error) {
      // Nothing to give up when the claim itself was refused; a failure here leaves it to lapse.
      await handovers.giveUpHandover(db, { reference, now: clock.now() }).catch(() => undefined);
      throw error;
    }
  }

  return { getState: changes.getState, saveIdentity, submit, ...documents };
}
