import type { Endpoint } from '../contract/endpoints/define'
import { pathFor } from '../contract/endpoints/define'
import type { Envelope } from '../contract/envelope'
import { startActivity } from './activity'
import { headersFor, type Output, unauthorizedListeners } from './client'
import { reportConnection } from './connection'
import { ApiError, NetworkError } from './errors'

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number
  /** Bytes to send, or null when the browser cannot tell. */
  total: number | null
}

export interface UploadOptions {
  params?: Record<string, string | number>
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

function envelopeOf(text: string): Envelope<unknown> | null {
  try {
    // The API always answers the envelope of DESIGN §3; anything else reads as no envelope.
    return JSON.parse(text) as Envelope<unknown>
  } catch {
    return null
  }
}

/**
 * Sends form data (a file) to an endpoint and reports how much of it has gone. XMLHttpRequest,
 * not fetch: fetch tells nothing of an upload's progress, and a streamed request body (ky's
 * upload progress) needs HTTP/2, which a server on a plain local port does not speak. Answers
 * like `call`: the envelope's data, or ApiError / NetworkError, with 401 told to the session.
 */
export async function upload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  options: UploadOptions = {},
): Promise<Output<E>> {
  const headers = await headersFor(endpoint)
  const done = startActivity()
  try {
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = new XMLHttpRequest()
      request.open(endpoint.method, pathFor(endpoint, options.params))
      for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value)
      request.upload.addEventListener('progress', (event) =>
        options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null }),
      )
      request.addEventListener('load', () => resolve({ status: request.status, text: request.responseText }))
      request.addEventListener('error', () => reject(new NetworkError()))
      request.addEventListener('timeout', () => reject(new NetworkError()))
      request.addEventListener('abort', () =>
        reject(new DOMException('The upload was cancelled', 'AbortError')),
      )
      options.signal?.addEventListener('abort', () => request.abort(), { once: true })
      request.send(form)
    })
    reportConnection('online')
    const envelope = envelopeOf(text)
    // The endpoint's response schema describes the envelope's data, as for `call`.
    if (status >= 200 && status < 300 && envelope && !envelope.error) return envelope.data as Output<E>
    const failure =
      envelope?.error === true
        ? new ApiError(status, envelope.message, envelope.errors)
        : new ApiError(status, '')
    if (failure.status === 401) for (const listener of unauthorizedListeners) listener(endpoint, failure)
    throw failure
  } catch (error) {
    if (error instanceof NetworkError) reportConnection('offline')
    throw error
  } finally {
    done()
  }
}
