import { pathFor } from '../contract/endpoints/define'
import { syncBatch } from '../contract/endpoints/sync'
import type { Envelope } from '../contract/envelope'
import { BATCH_LIMIT, type BatchedAnswer, type BatchedRequest } from '../contract/schemas/sync'
import type { OutboxEntry } from '../db/local-db'
import { currentLanguage } from '../i18n/language'
import { retryAfterMs } from './backoff'
import { fetchSingle, type SendSingle, xhrSingle } from './single-request'
import { reportUploadProgress } from './upload-progress'

/** What became of one send, in the terms the sync loop acts on (DESIGN §5 "Sending"). */
export type SendResult =
  | { kind: 'ok'; record: Record<string, unknown> | null }
  /** `status`: what the server answered (a 5xx, 429, 409 of a key in flight…). */
  | { kind: 'retry'; status: number; retryAfterMs?: number }
  | { kind: 'unauthorized' }
  | { kind: 'rejected'; status: number; message: string; errors?: Record<string, string[]> }
  | { kind: 'version-mismatch'; current: Record<string, unknown> }
  | { kind: 'network' }

/** How the loop reaches the server; tests give it a scripted one. */
export interface Transport {
  send(entry: OutboxEntry): Promise<SendResult>
}

export interface HttpTransportOptions {
  fetch?: typeof fetch
  language?: () => string
  timeoutMs?: number
  /** The bytes of a file whose upload is queued (decision 0023): the device's `files` table. */
  fileOf?: (id: string) => Promise<Blob | undefined>
  /**
   * How a file's upload or removal travels: by default XMLHttpRequest in a browser (it reports
   * progress), fetch where there is none or when `fetch` is given.
   */
  sendSingle?: SendSingle
}

/** An upload may take minutes on a site's weak signal; a batch of JSON never should. */
const SINGLE_TIMEOUT_MS = 10 * 60_000

/** A file's entries travel alone: an upload is multipart, and a removal follows its upload. */
const travelsAlone = (entry: OutboxEntry) => entry.entity === 'attachment'

/**
 * Statuses worth trying again later: the request may not have reached the server, or the server
 * asked for time (409 is an Idempotency-Key whose first request has not finished yet).
 */
const isTransient = (status: number) =>
  status === 408 || status === 409 || status === 425 || status === 429 || status >= 500

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null

async function envelopeOf(response: Response): Promise<Envelope<unknown> | null> {
  try {
    // The API always answers the envelope of DESIGN §3; anything else reads as no envelope.
    return asRecord(await response.json()) as Envelope<unknown> | null
  } catch {
    return null
  }
}

/** Each entry as the batch carries it: the request it would otherwise be on its own. */
const batched = (entry: OutboxEntry): BatchedRequest => ({
  key: entry.mutationId,
  method: entry.method,
  path: entry.path,
  ...(entry.baseVersion === null ? {} : { ifMatch: `"${entry.baseVersion}"` }),
  body: entry.body,
})

/** What one answer (of a batch, or of the batch request itself) means for an entry. */
function resultOf(status: number, retryAfter: string | null, envelope: Envelope<unknown> | null): SendResult {
  if (status >= 200 && status < 300) return { kind: 'ok', record: asRecord(envelope?.data) }
  if (status === 401) return { kind: 'unauthorized' }
  if (isTransient(status)) {
    const wait = retryAfterMs(retryAfter)
    return wait === undefined ? { kind: 'retry', status } : { kind: 'retry', status, retryAfterMs: wait }
  }
  if (status === 412) {
    const current = asRecord(envelope?.data)
    if (current) return { kind: 'version-mismatch', current }
  }
  // 400/403/422 by DESIGN §5; any other refusal (404 of a deleted record, 428…) is equally
  // final for this entry and must be shown to a person rather than retried forever.
  return {
    kind: 'rejected',
    status,
    message: envelope?.message ?? '',
    ...(envelope?.error && envelope.errors ? { errors: envelope.errors } : {}),
  }
}

const BATCH_PATH = pathFor(syncBatch)

interface Waiting {
  entry: OutboxEntry
  settle: (result: SendResult) => void
}

/**
 * The transport over fetch. Entries handed to it in the same turn of the event loop (the sync
 * loop sets off several at once) travel together, up to BATCH_LIMIT a request, to
 * POST /api/sync/batch (decision 0014); each still carries its own Idempotency-Key and
 * If-Match, and gets its own answer. Plain fetch rather than the api client: the loop needs the
 * raw statuses (Retry-After, 412's body) and must not trigger the client's 401 listeners, which
 * would end the session while the queue only needed a refresh.
 */
export function httpTransport(
  getAccessToken: () => string | null | Promise<string | null>,
  options: HttpTransportOptions = {},
): Transport {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const language = options.language ?? currentLanguage
  const timeoutMs = options.timeoutMs ?? 30_000
  /** Entries handed over in this turn, not yet sent. */
  let gathering: Waiting[] | null = null
  const sendSingle =
    options.sendSingle ??
    (options.fetch || typeof XMLHttpRequest === 'undefined' ? fetchSingle(doFetch) : xhrSingle)

  /**
   * A file's upload (multipart: the entry's fields and the bytes as `file`) or removal, with its
   * own Idempotency-Key (DESIGN §5 "Files captured offline"); the upload's progress is reported
   * for the sync screen while it goes.
   */
  async function sendAlone(entry: OutboxEntry): Promise<SendResult> {
    const token = await getAccessToken()
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': language(),
      'Idempotency-Key': entry.mutationId,
    }
    if (token) headers.Authorization = `Bearer ${token}`
    let body: FormData | undefined
    if (entry.method === 'POST') {
      const blob = await options.fileOf?.(entry.entityId)
      // The file's row and its entry leave together (removeFile): this is a device fault.
      if (!blob) return { kind: 'rejected', status: 0, message: 'file.missing' }
      body = new FormData()
      for (const [name, value] of Object.entries(entry.body)) body.append(name, String(value))
      // A File, not a Blob and a name: every FormData then sends the name (a File wraps the
      // Blob's bytes, it does not copy them).
      const name = String(entry.body.name ?? entry.entityId)
      body.append('file', new File([blob], name, { type: blob.type }))
    }
    let answer: Awaited<ReturnType<SendSingle>>
    try {
      answer = await sendSingle({
        method: entry.method === 'POST' ? 'POST' : 'DELETE',
        path: entry.path,
        headers,
        ...(body ? { body } : {}),
        onProgress: (progress) => reportUploadProgress(entry.mutationId, progress),
        timeoutMs: SINGLE_TIMEOUT_MS,
      })
    } catch {
      return { kind: 'network' }
    } finally {
      reportUploadProgress(entry.mutationId, null)
    }
    let envelope: Envelope<unknown> | null = null
    try {
      // The API always answers the envelope of DESIGN §3; anything else reads as no envelope.
      envelope = asRecord(JSON.parse(answer.text)) as Envelope<unknown> | null
    } catch {
      envelope = null
    }
    return resultOf(answer.status, answer.retryAfter, envelope)
  }

  async function sendBatch(entries: OutboxEntry[]): Promise<SendResult[]> {
    const token = await getAccessToken()
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Accept-Language': language(),
    }
    if (token) headers.Authorization = `Bearer ${token}`
    let response: Response
    try {
      response = await doFetch(BATCH_PATH, {
        method: 'POST',
        headers,
        body: JSON.stringify({ requests: entries.map(batched) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch {
      // Offline, dropped, refused or timed out: the server may or may not have the changes;
      // the same Idempotency-Keys on the next attempt make both cases safe.
      return entries.map(() => ({ kind: 'network' }))
    }
    const envelope = await envelopeOf(response)
    if (response.ok) {
      const answers = asRecord(envelope?.data)?.answers
      if (Array.isArray(answers) && answers.length === entries.length) {
        return (answers as BatchedAnswer[]).map((answer) =>
          resultOf(answer.status, answer.retryAfter, asRecord(answer.body) as Envelope<unknown> | null),
        )
      }
      // Cut short on the way (a proxy, a broken answer): nothing tells which entries the server ran.
      return entries.map(() => ({ kind: 'network' }))
    }
    // The batch itself was answered (401, 429, 503…): each entry shares that answer.
    const result = resultOf(response.status, response.headers.get('Retry-After'), envelope)
    return entries.map(() => result)
  }

  function flush(waiting: Waiting[]) {
    for (let start = 0; start < waiting.length; start += BATCH_LIMIT) {
      const part = waiting.slice(start, start + BATCH_LIMIT)
      sendBatch(part.map(({ entry }) => entry)).then(
        (results) => {
          for (const [index, { settle }] of part.entries()) settle(results[index] ?? { kind: 'network' })
        },
        () => {
          for (const { settle } of part) settle({ kind: 'network' })
        },
      )
    }
  }

  return {
    send(entry) {
      if (travelsAlone(entry)) return sendAlone(entry)
      return new Promise<SendResult>((settle) => {
        if (!gathering) {
          const waiting: Waiting[] = []
          gathering = waiting
          // Whatever else is handed over in this turn joins the same request.
          queueMicrotask(() => {
            gathering = null
            flush(waiting)
          })
        }
        gathering.push({ entry, settle })
      })
    },
  }
}
