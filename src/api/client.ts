import ky, { HTTPError, TimeoutError } from 'ky'
import type * as v from 'valibot'
import type { Endpoint } from '../contract/endpoints/define'
import { pathFor } from '../contract/endpoints/define'
import type { Envelope } from '../contract/envelope'
import { currentLanguage } from '../i18n/language'
import { startActivity } from './activity'
import { reportConnection } from './connection'
import { ApiError, NetworkError } from './errors'

type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : never
type Input<S> = S extends v.GenericSchema ? v.InferInput<S> : never

export interface CallOptions<E extends Endpoint> {
  params?: Record<string, string | number>
  query?: Input<E['query']>
  body?: Input<E['body']>
  /** Sent instead of `body` when the call carries files (multipart form data). */
  form?: FormData
  signal?: AbortSignal
}

export type Output<E extends Endpoint> = E['response'] extends v.GenericSchema
  ? Parsed<E['response']>
  : unknown

/**
 * Headers added to every request, given the endpoint being called. The session registers its
 * bearer token here (refreshing it first when it is about to expire), so api knows nothing of it.
 */
export type HeaderSource = (endpoint: Endpoint) => Record<string, string> | Promise<Record<string, string>>
export const requestHeaders: HeaderSource[] = [() => ({ 'Accept-Language': currentLanguage() })]

/** Told of every 401 (SPEC §8: the session is cleared and the user goes to login). */
export const unauthorizedListeners: Array<(endpoint: Endpoint, error: ApiError) => void> = []

const http = ky.create({ retry: 0, timeout: 30_000 })

/** Every registered header for a request to the endpoint (the bearer token, the language). */
export async function headersFor(endpoint: Endpoint): Promise<Record<string, string>> {
  const all: Record<string, string> = {}
  for (const source of requestHeaders) Object.assign(all, await source(endpoint))
  return all
}

async function failureOf(error: HTTPError): Promise<ApiError> {
  const body = (await error.response.json().catch(() => null)) as Envelope<unknown> | null
  if (body && body.error === true) return new ApiError(error.response.status, body.message, body.errors)
  return new ApiError(error.response.status, '')
}

/** Calls a contract endpoint and returns the envelope's data, or throws ApiError / NetworkError. */
export async function call<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<Output<E>> {
  const url = pathFor(endpoint, options.params)
  const done = startActivity()
  try {
    const response = await http(url, {
      headers: await headersFor(endpoint),
      method: endpoint.method,
      ...(options.form ? { body: options.form } : { json: options.body }),
      // The query schema's input is a flat record of scalars.
      searchParams: options.query as Record<string, string | number | boolean> | undefined,
      signal: options.signal,
    })
    reportConnection('online')
    const envelope = (await response.json()) as Envelope<Output<E>>
    if (envelope.error) throw new ApiError(response.status, envelope.message, envelope.errors)
    return envelope.data
  } catch (error) {
    if (error instanceof ApiError) throw error
    if (error instanceof HTTPError) {
      reportConnection('online')
      const failure = await failureOf(error)
      if (failure.status === 401) for (const listener of unauthorizedListeners) listener(endpoint, failure)
      throw failure
    }
    if (error instanceof TimeoutError || error instanceof TypeError) {
      reportConnection('offline')
      throw new NetworkError(error)
    }
    throw error
  } finally {
    done()
  }
}

/** The bytes an endpoint answers (a file kept with a record), or ApiError / NetworkError. */
export async function fetchBlob<E extends Endpoint>(
  endpoint: E,
  options: Pick<CallOptions<E>, 'params'> = {},
): Promise<Blob> {
  const done = startActivity()
  try {
    const response = await http(pathFor(endpoint, options.params), {
      headers: await headersFor(endpoint),
      method: endpoint.method,
    })
    reportConnection('online')
    return await response.blob()
  } catch (error) {
    if (error instanceof HTTPError) {
      const failure = await failureOf(error)
      if (failure.status === 401) for (const listener of unauthorizedListeners) listener(endpoint, failure)
      throw failure
    }
    if (error instanceof TimeoutError || error instanceof TypeError) {
      reportConnection('offline')
      throw new NetworkError(error)
    }
    throw error
  } finally {
    done()
  }
}

/**
 * Fetches a file an endpoint answers (a spreadsheet, a photo) and saves it under the name the
 * server gives in Content-Disposition, or `fallbackName`.
 */
export async function download<E extends Endpoint>(
  endpoint: E,
  fallbackName: string,
  options: Pick<CallOptions<E>, 'params' | 'query'> = {},
): Promise<void> {
  const done = startActivity()
  try {
    const response = await http(pathFor(endpoint, options.params), {
      headers: await headersFor(endpoint),
      method: endpoint.method,
      searchParams: options.query as Record<string, string | number | boolean> | undefined,
    })
    const disposition = response.headers.get('content-disposition') ?? ''
    const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName
    const url = URL.createObjectURL(await response.blob())
    const link = Object.assign(document.createElement('a'), { href: url, download: name })
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  } catch (error) {
    if (error instanceof HTTPError) {
      const failure = await failureOf(error)
      if (failure.status === 401) for (const listener of unauthorizedListeners) listener(endpoint, failure)
      throw failure
    }
    if (error instanceof TimeoutError || error instanceof TypeError) throw new NetworkError(error)
    throw error
  } finally {
    done()
  }
}
