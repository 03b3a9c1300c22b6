import type { UploadProgress } from './upload-progress'

/** One request sent on its own, outside the JSON batches (a file's upload or removal). */
export interface SingleRequest {
  method: 'POST' | 'DELETE'
  path: string
  headers: Record<string, string>
  /** Form data: the browser writes its Content-Type with the boundary. */
  body?: FormData
  onProgress?: (progress: UploadProgress) => void
  timeoutMs: number
}

/** What the server answered: its status, its Retry-After and its body's text. */
export interface SingleAnswer {
  status: number
  retryAfter: string | null
  text: string
}

/** Sends one request; rejects when no answer came (offline, dropped, timed out). */
export type SendSingle = (request: SingleRequest) => Promise<SingleAnswer>

/** Over fetch: no progress (fetch tells nothing of an upload's), for tests and old browsers. */
export const fetchSingle =
  (doFetch: typeof fetch): SendSingle =>
  async (request) => {
    const response = await doFetch(request.path, {
      method: request.method,
      headers: request.headers,
      ...(request.body ? { body: request.body } : {}),
      signal: AbortSignal.timeout(request.timeoutMs),
    })
    return {
      status: response.status,
      retryAfter: response.headers.get('Retry-After'),
      text: await response.text(),
    }
  }

/**
 * Over XMLHttpRequest, which reports how much of an upload has gone (src/api/upload.ts says why
 * fetch cannot here).
 */
export const xhrSingle: SendSingle = (request) =>
  new Promise<SingleAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(request.method, request.path)
    xhr.timeout = request.timeoutMs
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value)
    xhr.upload.addEventListener('progress', (event) =>
      request.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null }),
    )
    xhr.addEventListener('load', () =>
      resolve({
        status: xhr.status,
        retryAfter: xhr.getResponseHeader('Retry-After'),
        text: xhr.responseText,
      }),
    )
    for (const failure of ['error', 'timeout', 'abort'] as const) {
      xhr.addEventListener(failure, () => reject(new TypeError(`upload ${failure}`)))
    }
    xhr.send(request.body ?? null)
  })
