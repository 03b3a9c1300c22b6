import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { isStorableText } from '../../src/contract/rules/storable-text'
import { ValidationError } from './errors'
import { translate } from './messages'

/** Deep enough for any request the JSON parser lets in (it refuses deeper ones). */
const MAX_WALK_DEPTH = 64

/** The dot paths (`address.state`, `covid_tests.0.type`) of the unstorable texts and keys in `value`. */
export function unstorablePaths(value: unknown, path = '', depth = 0, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push(path)
  } else if (typeof value === 'object' && value !== null && depth < MAX_WALK_DEPTH) {
    // A file's bytes (multipart) are no text.
    if (ArrayBuffer.isView(value)) return found
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key
      if (!isStorableText(key)) found.push(itemPath)
      else unstorablePaths(item, itemPath, depth + 1, found)
    }
  }
  return found
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The path, the query and the body (a multipart one too) are read and about to be validated. */
    partsRead: boolean
  }
  interface FastifyContextConfig {
    /**
     * The body carries other requests that the app runs on their own (a sync batch): each is
     * checked when it runs, so that one entry's bad text refuses that entry, not the batch.
     */
    carriesRequests?: boolean
  }
}

/**
 * No text PostgreSQL cannot keep reaches a handler (issue 16): a NUL or a lone surrogate in the
 * path, the query or the body is a 422 on that field before validation, for every route, so no
 * route's query, idempotency hash or audit entry meets it. A JSON body whose text holds no `\u`
 * escape is not walked: such text cannot carry either (see json-body.ts).
 */
export const storableTextOnly = fp(async (app: FastifyInstance) => {
  app.decorateRequest('partsRead', false)
  app.addHook('preValidation', async (req: FastifyRequest) => {
    // Registered after the multipart parser's own preValidation: its parts are read by now.
    req.partsRead = true
    const paths = unstorablePaths(req.params)
    unstorablePaths(req.query, '', 0, paths)
    if (req.body !== undefined && req.bodyMayHoldEscapes && !req.routeOptions.config.carriesRequests) {
      unstorablePaths(req.body, '', 0, paths)
    }
    if (paths.length === 0) return
    const message = translate('field.text', req.lang)
    throw new ValidationError(Object.fromEntries(paths.map((path) => [path || 'body', [message]])))
  })
})
