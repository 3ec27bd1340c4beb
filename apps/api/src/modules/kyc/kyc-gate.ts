// The KYC gate of spec §6, in one place: buying and selling (orders), swaps, on-ramp purchases,
// placing a stake and, in P2P lending, posting a request and funding one (ADR 0028) need approved
// KYC; signing in, the dashboard, deposits and sends do not (spec §9: until KYC is complete a
// customer only moves crypto in and out), nor does ending what was started (unstaking, repaying).
// A new gated action is named in kyc_approval_required's message, so the refusal stays true for
// every action it stands before.
//
// In a route, after authentication:
//   preHandler: [app.authenticate, requireApprovedKyc(services.kycGate)]
// In a service, inside the flow it protects:
//   await services.kycGate.requireApprovedKyc(userId);
// Either way a customer without approved KYC gets 403 kyc_approval_required.
import type { FastifyRequest } from 'fastify';
import type { KycStatus } from '@rora/contracts';
import type { Db } from '@rora/db';
import { AppError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { findCustomerStatus } from './kyc.repository.ts';

export interface KycGate {
  /** The customer's current KYC status (null for an unknown customer). */
  status(userId: string): Promise<KycStatus | null>;
  /** Throws 403 kyc_approval_required unless the customer's KYC is approved. */
  requireApprovedKyc(userId: string): Promise<void>;
}

export function createKycGate(deps: { db: Db }): KycGate {
  return {
    status: (userId) => findCustomerStatus(deps.db, userId),
    async requireApprovedKyc(userId) {
      const status = await findCustomerStatus(deps.db, userId);
      if (status !== 'approved') throw new AppError('kyc_approval_required');
    },
  };
}

/** A preHandler for routes that need approved KYC; place it after `app.authenticate`. */
export function requireApprovedKyc(gate: KycGate) {
  return async function kycApproved(request: FastifyRequest): Promise<void> {
    await gate.requireApprovedKyc(currentUser(request).userId);
  };
}
