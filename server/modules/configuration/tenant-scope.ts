import type { FastifyRequest } from 'fastify'
import { NotFoundError, UnauthenticatedError } from '../../platform/errors'

/** The tenant a call acts in; users and roles live only in tenants, so the landlord host gets a 404. */
export function tenantIdOf(req: FastifyRequest): string {
  if (!req.tenant) throw new NotFoundError()
  return req.tenant.id
}

/** The caller of an `authenticated` call (the access check let no anonymous request through). */
export function callerIdOf(req: FastifyRequest): string {
  if (!req.user) throw new UnauthenticatedError()
  return req.user.id
}
