// `{id}` in /user/...{id} must be the signed-in customer's own id: any other answers 404
// resource_not_found, exactly as an id that does not exist (no probing of other customers).
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { currentUser } from './auth.ts';

export function ownUserId(request: FastifyRequest<{ Params: { id: string } }>): string {
  const { userId } = currentUser(request);
  if (request.params.id !== userId) throw new AppError('resource_not_found');
  return userId;
}
