// The signed-in customer's profile, preferences (language, theme, notification switches) and
// sign-in sessions.
import type { User } from '@rora/contracts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionIdentity, SessionService } from '../sessions/index.ts';
import type { AccountsRepository, PreferencePatch } from './accounts.repository.ts';
import { describeDevice } from './device.ts';
import { toUser } from './user-view.ts';

export type NotificationSwitch = 'aiNotifications' | 'administrativeEmails' | 'newsletterEmails';

export interface SessionView {
  id: string;
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface UsersService {
  profile(userId: string): Promise<User>;
  updatePreferences(userId: string, patch: Pick<PreferencePatch, 'language' | 'theme'>): Promise<User>;
  setNotification(userId: string, which: NotificationSwitch, status: boolean): Promise<User>;
  listSessions(identity: SessionIdentity): Promise<SessionView[]>;
  revokeSession(identity: SessionIdentity, sessionId: string): Promise<void>;
}

export function createUsersService(deps: {
  clock: Clock;
  repository: AccountsRepository;
  sessions: SessionService;
}): UsersService {
  const { clock, repository, sessions } = deps;

  async function profile(userId: string): Promise<User> {
    const row = await repository.profile(userId);
    if (!row) throw new AppError('resource_not_found');
    return toUser(row);
  }

  async function update(userId: string, patch: PreferencePatch): Promise<User> {
    if (Object.keys(patch).length > 0 && !(await repository.updatePreferences(userId, patch, clock.now()))) {
      throw new AppError('resource_not_found');
    }
    return profile(userId);
  }

  return {
    profile,
    updatePreferences: (userId, patch) =>
      update(userId, {
        ...(patch.language ? { language: patch.language } : {}),
        ...(patch.theme ? { theme: patch.theme } : {}),
      }),
    setNotification: (userId, which, status) => update(userId, { [which]: status }),

    async listSessions(identity) {
      const rows = await sessions.listActive(identity.userId);
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === identity.sessionId,
      }));
    },

    async revokeSession(identity, sessionId) {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      if (!uuid.test(sessionId) || !(await sessions.revoke(identity.userId, sessionId))) {
        throw new AppError('resource_not_found');
      }
    },
  };
}
