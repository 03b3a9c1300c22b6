import ky, { HTTPError, TimeoutError } from 'ky'
import type * as v from 'valibot'
import type { Endpoint } from '../contract/endpoints/define'
import { pathFor } from '../contract/endpoints/define'
import type { Envelope } from '../contract/envelope'
import { currentLanguage } from '../i18n/language'
import { ApiError, NetworkError } from './errors'

type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : never
type Input<S> = S extends v.GenericSchema ? v.InferInput<S> : never

export interface CallOptions<E extends Endpoint> {
  params?: Record<string, string | number>
  query?: Input<E['query']>
  body?: Input<E['body']>
  signal?: AbortSignal
}

export type Output<E extends Endpoint> = E['response'] extends v.GenericSchema
  ? Parsed<E['response']>
  : unknown

/**
 * Headers added to every request. The session (next issue) registers its bearer token here;
 * until then requests go without one.
 */
export const requestHeaders: Array<() => Record<string, string>> = [
  () => ({ 'Accept-Language': currentLanguage() }),
]

const http = ky.create({
  retry: 0,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      (request) => {
        for (const headers of requestHeaders)
          for (const [name, value] of Object.entries(headers())) request.headers.set(name, value)
      },
    ],
  },
})

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
  try {
    const response = await http(url, {
      method: endpoint.method,
      json: options.body,
      // The query schema's input is a flat record of scalars.
      searchParams: options.query as Record<string, string | number | boolean> | undefined,
      signal: options.signal,
    })
    const envelope = (await response.json()) as Envelope<Output<E>>
    if (envelope.error) throw new ApiError(response.status, envelope.message, envelope.errors)
    return envelope.data
  } catch (error) {
    if (error instanceof ApiError) throw error
    if (error instanceof HTTPError) throw await failureOf(error)
    if (error instanceof TimeoutError || error instanceof TypeError) throw new NetworkError(error)
    throw error
  }
}
