import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type * as v from 'valibot'
import type { Endpoint } from '../../src/contract/endpoints/define'
import { ok } from './envelope'

type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined

/** A request's parts, already validated against the endpoint's contract schemas. */
export interface RouteInput<E extends Endpoint> {
  params: Parsed<E['params']>
  query: Parsed<E['query']>
  body: Parsed<E['body']>
}

type Answer<E extends Endpoint> = Parsed<E['response']> extends undefined ? unknown : Parsed<E['response']>

/**
 * An answer's whole envelope serialised in advance, for a read that gives many requests the same
 * answer: sent as it is, without serialising it again at each request.
 */
export class SerializedAnswer<T> {
  declare readonly data: T
  readonly json: string
  constructor(data: T) {
    this.json = JSON.stringify(ok(data))
  }
}

export type RouteHandler<E extends Endpoint> = (
  input: RouteInput<E>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<Answer<E> | SerializedAnswer<Answer<E>>>

/**
 * Registers a contract endpoint inside its service's module (mounted at `/api/<service>`): method,
 * path, schemas and access come from the contract, so the handler reads like the sentence it
 * implements and answers only its data, wrapped in the envelope here.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  /** Server-only route settings, such as a stricter rate limit. */
  config: Omit<FastifyContextConfig, 'access' | 'endpoint'> = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...config, access: endpoint.access, endpoint },
    schema: {
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
    },
    handler: async (req, reply) => {
      // The validator compiler replaced each part with the schema's parsed output.
      const input = { params: req.params, query: req.query, body: req.body } as RouteInput<E>
      const data = await handler(input, req, reply)
      if (data instanceof SerializedAnswer)
        return reply.type('application/json; charset=utf-8').send(data.json)
      return reply.sent ? reply : ok(data)
    },
  })
}
