import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'

/**
 * Requests the server makes to itself (the entries of a sync batch, decision 0014) carry this
 * header with a secret made at start, so that only they can claim to be internal: the rate
 * limiter counts the batch that brought them, not each of them again.
 */
const HEADER = 'x-salud-internal'
const SECRET = randomBytes(24).toString('hex')

export const internalRequestHeaders = (): Record<string, string> => ({ [HEADER]: SECRET })

export const isInternalRequest = (req: FastifyRequest): boolean => req.headers[HEADER] === SECRET
