// The wallets services are built before the Fastify app (services.ts); their log lines go to the
// app's logger once the routes plugin attaches it, and nowhere before (nothing runs before then).
export interface ModuleLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface ForwardingLog extends ModuleLog {
  attach(target: ModuleLog): void;
}

export function forwardingLog(): ForwardingLog {
  let target: ModuleLog | null = null;
  return {
    attach(next) {
      target = next;
    },
    warn: (object, message) => target?.warn(object, message),
    error: (object, message) => target?.error(object, message),
  };
}
