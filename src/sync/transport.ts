import type { Envelope } from '../contract/envelope'
import type { OutboxEntry } from '../db/local-db'
import { currentLanguage } from '../i18n/language'
import { retryAfterMs } from './backoff'

/** What became of one send, in the terms the sync loop acts on (DESIGN §5 "Sending"). */
export type SendResult =
  | { kind: 'ok'; record: Record<string, unknown> | null }
  | { kind: 'retry'; retryAfterMs?: number }
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
}

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

/**
 * The transport over fetch. Plain fetch rather than the api client: the loop needs the raw
 * status and headers (Retry-After, 412's body) and must not trigger the client's 401 listeners,
 * which would end the session while the queue only needed a refresh.
 */
export function httpTransport(
  getAccessToken: () => string | null | Promise<string | null>,
  options: HttpTransportOptions = {},
): Transport {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const language = options.language ?? currentLanguage
  const timeoutMs = options.timeoutMs ?? 30_000
  return {
    async send(entry) {
      const token = await getAccessToken()
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': language(),
        'Idempotency-Key': entry.mutationId,
      }
      if (token) headers.Authorization = `Bearer ${token}`
      if (entry.baseVersion !== null) headers['If-Match'] = `"${entry.baseVersion}"`
      let response: Response
      try {
        response = await doFetch(entry.path, {
          method: entry.method,
          headers,
          body: JSON.stringify(entry.body),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch {
        // Offline, dropped, refused or timed out: the server may or may not have the change;
        // the same Idempotency-Key on the next attempt makes both cases safe.
        return { kind: 'network' }
      }
      const status = response.status
      if (status >= 200 && status < 300) {
        const envelope = await envelopeOf(response)
        return { kind: 'ok', record: asRecord(envelope?.data) }
      }
      if (status === 401) return { kind: 'unauthorized' }
      if (isTransient(status)) {
        const wait = retryAfterMs(response.headers.get('Retry-After'))
        return wait === undefined ? { kind: 'retry' } : { kind: 'retry', retryAfterMs: wait }
      }
      const envelope = await envelopeOf(response)
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
    },
  }
}
