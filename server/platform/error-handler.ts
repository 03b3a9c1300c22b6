import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { refusedValueStatus } from './database-errors'
import { failure } from './envelope'
import { FieldError, HttpError, PreconditionFailedError, ValidationError } from './errors'
import { languageOf } from './language'
import { type MessageKey, translate } from './messages'
import { fieldErrors, SchemaValidationError } from './validation'

/** Fastify's own error codes, mapped to our statuses and messages. */
const FASTIFY_ERRORS: Record<string, [number, MessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'error.invalidJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'error.invalidJson'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'error.tooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'error.unsupportedType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'error.badRequest'],
  FST_REQ_FILE_TOO_LARGE: [413, 'error.tooLarge'],
  FST_FILES_LIMIT: [413, 'error.tooLarge'],
  FST_PARTS_LIMIT: [413, 'error.tooLarge'],
  FST_FIELDS_LIMIT: [413, 'error.tooLarge'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'error.unsupportedType'],
}

/**
 * A multipart body the parser could not read (no boundary, cut short, a malformed part header):
 * busboy throws plain errors without a status or a code, and they arrive before the request's
 * parts were read (`partsRead`, set once they are), so the sender's fault, not the server's.
 */
const isMalformedMultipart = (req: FastifyRequest, error: FastifyError) =>
  !req.partsRead && req.isMultipart() && error.statusCode === undefined && error.code === undefined

/**
 * Fastify's router refuses some URLs before any hook runs (a malformed percent-encoding, a path
 * parameter longer than it allows): answered here with the envelope, as a malformed request.
 */
export function answerFrameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = languageOf(req.headers['accept-language'])
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(400).send(failure(translate('error.badRequest', lang)))
  }
  req.log.error({ err: error }, 'unexpected error')
  return reply.code(500).send(failure(translate('error.unexpected', lang)))
}

/**
 * The one place that turns an error into an answer (DESIGN §3): the envelope, the status, and a
 * message in the request's language. Unexpected errors are logged and answered generically.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang ?? 'es'
    const validation = error instanceof SchemaValidationError ? error : error.cause
    if (validation instanceof SchemaValidationError) {
      const errors = fieldErrors(validation.part, validation.issues, lang)
      return reply.code(422).send(failure(translate('error.validation', lang), errors))
    }
    if (error instanceof ValidationError) {
      return reply.code(422).send(failure(translate('error.validation', lang), error.errors))
    }
    if (error instanceof FieldError) {
      const errors = { [error.field]: [translate(error.messageKey, lang)] }
      return reply.code(422).send(failure(translate('error.validation', lang), errors))
    }
    if (error instanceof PreconditionFailedError) {
      return reply.code(412).send({ ...failure(translate(error.messageKey, lang)), data: error.current })
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(failure(error.text ?? translate(error.messageKey, lang, error.values)))
    }
    const refused = refusedValueStatus(error)
    if (refused) {
      req.log.warn({ err: error }, 'the database refused a value that the contract let through')
      const key = refused === 413 ? 'error.tooLarge' : 'error.invalidValue'
      return reply.code(refused).send(failure(translate(key, lang)))
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined
    if (known) return reply.code(known[0]).send(failure(translate(known[1], lang)))
    if (error.statusCode === 429) return reply.code(429).send(failure(translate('error.rateLimited', lang)))
    if (isMalformedMultipart(req, error))
      return reply.code(400).send(failure(translate('error.badRequest', lang)))
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure(translate('error.badRequest', lang)))
    }
    req.log.error({ err: error }, 'unexpected error')
    return reply.code(500).send(failure(translate('error.unexpected', lang)))
  })
}
