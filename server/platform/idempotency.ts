import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Tx } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { BadRequestError, ConflictError, UnprocessableError } from './errors'

const KEY = /^[\w.:-]{8,200}$/

/** The request a key was first used for: method, path and body. */
const requestHash = (req: FastifyRequest) =>
  createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex')

/**
 * Runs a mutation's work in one tenant transaction together with its `Idempotency-Key`
 * (DESIGN §5): the key's row and the effect commit or vanish together, so a retry after a lost
 * answer gets the first answer back instead of a second effect. The same key with another
 * request is refused (422); a key whose first request has not committed is 409. Without the
 * header the work simply runs.
 */
export async function idempotent<T>(req: FastifyRequest, work: (tx: Tx) => Promise<T>): Promise<T> {
  const header = req.headers['idempotency-key']
  if (header === undefined) return req.withTenant(work)
  const key = Array.isArray(header) ? header[0] : header
  if (!key || !KEY.test(key)) throw new BadRequestError()
  const tenantId = req.tenant?.id as string
  const hash = requestHash(req)
  const outcome = await req.withTenant(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ tenantId, key, requestHash: hash, status: 'in_flight' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (!claimed) {
      const [earlier] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)))
      if (!earlier || earlier.requestHash !== hash) throw new UnprocessableError('idempotency.keyReused')
      if (earlier.status !== 'done') throw new ConflictError()
      return { replayed: true, data: earlier.response as T }
    }
    const data = await work(tx)
    await tx
      .update(idempotencyKeys)
      .set({ status: 'done', statusCode: 200, response: data as never })
      .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)))
    return { replayed: false, data }
  })
  if (outcome.replayed) req.idempotentReplay = true
  return outcome.data
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the answer is the stored one of an earlier request with the same key. */
    idempotentReplay?: boolean
  }
}
