// The one error type services throw for an expected business outcome. The error handler plugin
// maps its code to the catalogue's HTTP status and the wire body of DESIGN §4.
import { errorCatalogue, type ErrorCode, type ErrorItem } from '@rora/contracts';

export interface AppErrorOptions {
  message?: string;
  field?: string;
  /** Further items for `data` (e.g. one per invalid field). */
  items?: ErrorItem[];
  /** Response headers such as Retry-After. */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly items: ErrorItem[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const definition = errorCatalogue[code];
    super(options.message ?? definition.message);
    this.name = 'AppError';
    this.code = code;
    this.status = definition.status;
    this.field = options.field;
    this.items = options.items ?? [];
    this.headers = options.headers ?? {};
  }

  toBody() {
    const first: ErrorItem = { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) };
    return { error: { code: this.code, message: this.message }, data: this.items.length > 0 ? this.items : [first] };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
