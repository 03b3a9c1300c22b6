import { createHash } from 'node:crypto'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { IDEMPOTENCY_KEY } from '../../src/contract/schemas/sync'
import type { Tx } from '../db/client'
import { rowsOf } from '../db/raw-sql'
import { idempotencyKeys } from '../db/schema'
import { BadRequestError, ConflictError, UnprocessableError } from './errors'

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

/**
 * A body as it is hashed: a file's bytes (a multipart upload) by their own hash, not written out
 * as JSON first — a 5 MB file would be some 18 MB of text (a list of numbers) to hash.
 */
const hashable = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && !(body instanceof Uint8Array)
    ? Object.fromEntries(
        Object.entries(body).map(([name, value]) => [
          name,
          value instanceof Uint8Array ? { sha256: sha256(value) } : value,
        ]),
      )
    : body

/** The request a key was first used for: method, path and body. */
const requestHash = (req: FastifyRequest) =>
  sha256(`${req.method} ${req.url}\n${JSON.stringify(hashable(req.body ?? null))}`)

/** Ends the work of a request whose key was claimed before; its transaction rolls back. */
class KeyTaken extends Error {
  constructor(readonly earlier: typeof idempotencyKeys.$inferSelect | undefined) {
    super('idempotency key taken')
  }
}

/**
 * A request's claim on its `Idempotency-Key` (DESIGN §5). The claim is a row inserted with
 * `on conflict do nothing` in the same transaction as the effect, so the key and the effect
 * commit or vanish together. It rides in the mutation's own statement (`cte`, see
 * `mutation.ts`) or, for work that must read before it writes, in a statement of its own
 * (`take`). Without the header there is nothing to claim and the work simply runs.
 */
export class Claim {
  #settled = false

  constructor(
    readonly tenantId: string,
    readonly key: string | null,
    readonly hash: string,
  ) {}

  /** The body of a CTE named `claim`: one row when this request may apply its effect. */
  get cte(): SQL {
    // A second claim would meet the first one's row and take it for an earlier request's.
    if (this.#settled) throw new Error('the key is claimed already')
    if (this.key === null) return sql`select`
    return sql`insert into ${idempotencyKeys} (tenant_id, key, request_hash, status)
      values (${this.tenantId}, ${this.key}, ${this.hash}, 'in_flight')
      on conflict do nothing
      returning key`
  }

  get settled(): boolean {
    return this.#settled
  }

  /**
   * Takes the verdict of the statement that carried `cte`. A key claimed before stops the work:
   * the earlier request's row is read (a new statement sees what committed meanwhile) and the
   * transaction is abandoned, so nothing of this request stays.
   */
  async settle(tx: Tx, claimed: boolean): Promise<void> {
    if (!claimed) {
      const [earlier] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, this.tenantId), eq(idempotencyKeys.key, this.key as string)))
      throw new KeyTaken(earlier)
    }
    this.#settled = true
  }

  /** Claims the key in a statement of its own, before work that reads first. */
  async take(tx: Tx): Promise<void> {
    const rows = await rowsOf<{ claimed: boolean }>(
      tx,
      sql`with claim as (${this.cte}) select count(*) > 0 as claimed from claim`,
    )
    await this.settle(tx, rows[0]?.claimed === true)
  }
}

/**
 * Runs a mutation's work in one tenant transaction together with its `Idempotency-Key`
 * (DESIGN §5): the work claims the key (see `Claim`), and the answer is stored with the key when
 * the work ends, so a retry after a lost answer gets the first answer back instead of a second
 * effect. The same key with another request is refused (422); a key whose first request has not
 * committed is 409.
 */
export async function idempotent<T>(
  req: FastifyRequest,
  work: (tx: Tx, claim: Claim) => Promise<T>,
): Promise<T> {
  const header = req.headers['idempotency-key']
  const key = header === undefined ? null : Array.isArray(header) ? header[0] : header
  if (key !== null && (!key || !IDEMPOTENCY_KEY.test(key))) throw new BadRequestError()
  const claim = new Claim(req.tenant?.id as string, key, key === null ? '' : requestHash(req))
  try {
    return await req.withTenant(async (tx) => {
      const data = await work(tx, claim)
      if (!claim.settled) throw new Error('an idempotent mutation ended without claiming its key')
      if (key !== null) {
        await tx
          .update(idempotencyKeys)
          .set({ status: 'done', statusCode: 200, response: data as never })
          .where(and(eq(idempotencyKeys.tenantId, claim.tenantId), eq(idempotencyKeys.key, key)))
      }
      return data
    })
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error
    const { earlier } = error
    // Not visible yet: its first request is still running (this one waited for it, or not).
    if (!earlier) throw new ConflictError()
    if (earlier.requestHash !== claim.hash) throw new UnprocessableError('idempotency.keyReused')
    if (earlier.status !== 'done') throw new ConflictError()
    req.idempotentReplay = true
    return earlier.response as T
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the answer is the stored one of an earlier request with the same key. */
    idempotentReplay?: boolean
  }
}
