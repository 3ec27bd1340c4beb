// Request validation for the accounts routes. The contract's schemas use error codes as their
// messages (`email_must_be_valid`), so a rule a field breaks answers that code with its catalogued
// status and message: `data[0].message` is what the web app toasts (spec §8). Other issues
// (a wrong type where no code was given) answer request_validation_failed.
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { errorCatalogue, isErrorCode, type ErrorCode, type ErrorItem } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';

function toItem(issue: z.core.$ZodIssue): ErrorItem & { code: ErrorCode } {
  const field = issue.path.map(String).join('.');
  const code = isErrorCode(issue.message) ? issue.message : 'request_validation_failed';
  const message = code === 'request_validation_failed' ? issue.message : errorCatalogue[code].message;
  return { code, message, ...(field ? { field } : {}) };
}

export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const items = issues
    .map(toItem)
    .filter((item, index, all) => all.findIndex((other) => other.field === item.field) === index);
  const first = items[0] ?? { code: 'request_validation_failed' as const, message: 'The request is not valid' };
  return new AppError(first.code, { message: first.message, field: first.field, items });
}

export const accountRouteValidator: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationError(result.error.issues) };
  };
