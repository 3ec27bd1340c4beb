// The sessions context: bearer tokens of signed-in customers, cached per process (ADR 0015).
export {
  createSessionService,
  hashToken,
  type SessionIdentity,
  type SessionRevocation,
  type SessionService,
} from './sessions.service.ts';
