import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isReplayable } from '../../../src/contract/endpoints/sync'
import type { BatchedAnswer, BatchedRequest } from '../../../src/contract/schemas/sync'
import { failure } from '../../platform/envelope'
import { internalRequestHeaders } from '../../platform/internal-requests'
import { translate } from '../../platform/messages'

/** The outer request's headers an entry keeps: who sends it, for which clinic, in which language. */
const CARRIED_HEADERS = [
  'authorization',
  'accept-language',
  'host',
  'user-agent',
  'x-forwarded-host',
  'x-forwarded-for',
  'x-forwarded-proto',
] as const

/**
 * The batch that runs, or last queued, per user on this node. A device keeps two batches in
 * flight (decision 0014) so that it stores one's answers while the server runs the other; run
 * side by side, the two would share the database and both be answered at the end, leaving the
 * server idle while the device stores them. One after another, the first is answered as soon as
 * it is done.
 */
const running = new Map<string, Promise<void>>()

/**
 * Runs a batch's entries one after another, each through the whole app exactly as if the
 * device had sent it alone (tenancy, authentication, permission, validation, its own
 * transaction, Idempotency-Key, If-Match, audit), and answers what each would have been
 * answered. The entries of one batch are independent by construction (the device sends only
 * the first queued change of each record, and only once what it depends on is acknowledged),
 * so one entry's failure changes nothing for the others.
 */
export function runBatch(
  app: FastifyInstance,
  req: FastifyRequest,
  requests: BatchedRequest[],
): Promise<BatchedAnswer[]> {
  const sender = `${req.user?.tenantId ?? ''}:${req.user?.id ?? ''}`
  const before = running.get(sender) ?? Promise.resolve()
  const mine = before.then(() => runEntries(app, req, requests))
  const settled = mine.then(
    () => undefined,
    () => undefined,
  )
  running.set(sender, settled)
  void settled.then(() => {
    if (running.get(sender) === settled) running.delete(sender)
  })
  return mine
}

async function runEntries(
  app: FastifyInstance,
  req: FastifyRequest,
  requests: BatchedRequest[],
): Promise<BatchedAnswer[]> {
  const carried: Record<string, string> = {}
  for (const name of CARRIED_HEADERS) {
    const value = req.headers[name]
    if (typeof value === 'string') carried[name] = value
  }
  const answers: BatchedAnswer[] = []
  for (const request of requests) {
    if (!isReplayable(request.method, request.path)) {
      // An old app's path, or a call that never travels in an outbox: refused on its own.
      answers.push({ status: 404, retryAfter: null, body: failure(translate('error.notFound', req.lang)) })
      continue
    }
    const response = await app.inject({
      method: request.method,
      url: request.path,
      remoteAddress: req.ip,
      headers: {
        ...carried,
        ...internalRequestHeaders(),
        'content-type': 'application/json',
        'idempotency-key': request.key,
        ...(request.ifMatch === undefined ? {} : { 'if-match': request.ifMatch }),
      },
      payload: JSON.stringify(request.body),
    })
    let body: unknown = null
    try {
      body = response.json()
    } catch {
      // Every API answer is an envelope; anything else is passed on as no envelope at all.
    }
    const retryAfter = response.headers['retry-after']
    answers.push({
      status: response.statusCode,
      retryAfter: retryAfter === undefined ? null : String(retryAfter),
      body,
    })
  }
  return answers
}
