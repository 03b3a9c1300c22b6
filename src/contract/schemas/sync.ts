import * as v from 'valibot'

/** SPEC-free, DESIGN §5: the entities the change feed carries. */
export const SYNCED_ENTITIES = [
  'patient',
  'blood-pressure',
  'glucose',
  'somatometry',
  'nutrition',
  'habit',
  'record-section',
  'encounter',
  /** A file's metadata (decision 0023); its bytes are downloaded apart. */
  'attachment',
  /** COVID triage and follow-up (decision 0025): a consultation, whose classification a reclassification overwrites. */
  'covid-consultation',
  'covid-reclassification',
  /** A follow-up that did not take place. */
  'covid-decline',
  'covid-test',
  /** A dose applied (issue 21), with its amendments. */
  'vaccination-record',
  /** A periodic exam (issue 22) with its clinical exams and amendments. */
  'periodic-exam',
  /** An admission (pre-employment) exam (issue 22) with its treatments and amendments. */
  'admission-exam',
  /** The medical reports of issue 23, each with its amendments (decision 0028). */
  'short-history',
  'health-certificate',
  'disability',
  'incident-report',
] as const
export type SyncedEntity = (typeof SYNCED_ENTITIES)[number]

/** A cursor's halves: a transaction id (xid8, unsigned 64 bits) and a log position (bigint). */
const MAX_TXID = 2n ** 64n - 1n
const MAX_SEQ = 2n ** 63n - 1n
const fitsCursor = (cursor: string) => {
  // Any text may arrive: valibot runs a pipe's checks even after one of them failed.
  const match = /^(\d+)\.(\d+)$/.exec(cursor)
  return match !== null && BigInt(match[1] as string) <= MAX_TXID && BigInt(match[2] as string) <= MAX_SEQ
}

export const ChangesQuery = v.object({
  /** Opaque; absent for the first pull. A cursor no log can hold is refused, not looked up. */
  cursor: v.optional(
    v.pipe(v.string(), v.maxLength(41, 'field.invalid'), v.check(fitsCursor, 'field.invalid')),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(10, 'field.integer'),
      v.regex(/^\d+$/, 'field.integer'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(5000),
    ),
    '1000',
  ),
})

export const Change = v.object({
  entity: v.picklist(SYNCED_ENTITIES),
  id: v.string(),
  op: v.picklist(['upsert', 'delete']),
  version: v.number(),
  data: v.nullable(v.record(v.string(), v.unknown())),
})
export type Change = v.InferOutput<typeof Change>

/** GET /api/sync/changes: what changed after the cursor, for what this user may see. */
export const ChangesPage = v.object({
  changes: v.array(Change),
  cursor: v.nullable(v.string()),
  hasMore: v.boolean(),
  /** The cursor is older than the log keeps: drop the synced cache and pull from scratch. */
  reset: v.boolean(),
})
export type ChangesPage = v.InferOutput<typeof ChangesPage>

/**
 * An `Idempotency-Key` (DESIGN §5): the device's mutationId, a UUIDv7, or any caller's key of
 * this shape. The server refuses any other with a 400 on a single call and a 422 in a batch.
 */
export const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/

/**
 * How many outbox entries one batch may carry (decision 0014): enough that a queue of
 * thousands crosses in a few dozen requests, few enough that one batch answers in well under
 * a second and a lost answer costs little to send again.
 */
export const BATCH_LIMIT = 50

/** One outbox entry inside a batch: the request the device would otherwise send on its own. */
export const BatchedRequest = v.object({
  key: v.pipe(v.string(), v.maxLength(200, 'field.invalid'), v.regex(IDEMPOTENCY_KEY, 'field.invalid')),
  method: v.picklist(['POST', 'PUT', 'PATCH', 'DELETE']),
  /** As the device builds it: printable ASCII, its parameters percent-encoded. */
  path: v.pipe(
    v.string(),
    v.maxLength(500, 'field.invalid'),
    v.regex(/^\/api\/[\x21-\x7e]*$/, 'field.invalid'),
  ),
  /** The base version for If-Match; absent for creates. */
  ifMatch: v.optional(
    v.pipe(v.string(), v.maxLength(12, 'field.invalid'), v.regex(/^"?\d{1,10}"?$/, 'field.invalid')),
  ),
  /** Checked by its own call's schema when it runs (decision 0014). */
  body: v.record(v.pipe(v.string(), v.maxLength(100)), v.unknown()),
})
export type BatchedRequest = v.InferOutput<typeof BatchedRequest>

/** POST /api/sync/batch: outbox entries that travel together, each answered on its own. */
export const SyncBatch = v.object({
  requests: v.pipe(
    v.array(BatchedRequest),
    v.minLength(1, 'field.required'),
    v.maxLength(BATCH_LIMIT, 'field.maxItems'),
  ),
})
export type SyncBatch = v.InferOutput<typeof SyncBatch>

/**
 * The answer one entry would have had alone: its status, its Retry-After, and its envelope
 * (DESIGN §3), in the batch's order.
 */
export const BatchedAnswer = v.object({
  status: v.number(),
  retryAfter: v.nullable(v.string()),
  body: v.unknown(),
})
export type BatchedAnswer = v.InferOutput<typeof BatchedAnswer>

export const SyncBatchAnswers = v.object({ answers: v.array(BatchedAnswer) })
export type SyncBatchAnswers = v.InferOutput<typeof SyncBatchAnswers>
