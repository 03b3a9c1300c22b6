import type { MessageKey } from './messages'

/**
 * Errors a handler throws; the one error handler (app.ts) maps each to its status and the
 * envelope, in the request's language. Nothing else formats an error.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    /** A message already in the request's language, when the key's text is not enough. */
    readonly text?: string,
    /** Values for the message's `{name}` placeholders. */
    readonly values?: Record<string, string | number>,
  ) {
    super(text ?? messageKey)
  }
}

export class BadRequestError extends HttpError {
  constructor(text?: string) {
    super(400, 'error.badRequest', text)
  }
}
export class UnauthenticatedError extends HttpError {
  constructor(key: MessageKey = 'error.unauthenticated') {
    super(401, key)
  }
}
export class ForbiddenError extends HttpError {
  constructor(key: MessageKey = 'error.forbidden') {
    super(403, key)
  }
}
/** 422 without field errors: the request is well formed but the rule it breaks has one message. */
export class UnprocessableError extends HttpError {
  constructor(key: MessageKey, values?: Record<string, string | number>) {
    super(422, key, undefined, values)
  }
}
/** 429 with a message of its own (an account lock), beside the rate limiter's. */
export class TooManyRequestsError extends HttpError {
  constructor(key: MessageKey, values?: Record<string, string | number>) {
    super(429, key, undefined, values)
  }
}
export class NotFoundError extends HttpError {
  constructor(key: MessageKey = 'error.notFound') {
    super(404, key)
  }
}
export class ConflictError extends HttpError {
  constructor(text?: string) {
    super(409, 'error.conflict', text)
  }
}
/** 412: the client's If-Match version is not the current one; the body carries the current record. */
export class PreconditionFailedError extends HttpError {
  constructor(readonly current: unknown) {
    super(412, 'error.versionMismatch')
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor() {
    super(413, 'error.tooLarge')
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor() {
    super(415, 'error.unsupportedType')
  }
}
/** 422 on one field with one message, translated when the answer is made (no language needed here). */
export class FieldError extends HttpError {
  constructor(
    readonly field: string,
    key: MessageKey = 'field.invalid',
  ) {
    super(422, key)
  }
}
/** 422 with per-field messages, already translated, keyed by the field's dot path. */
export class ValidationError extends HttpError {
  constructor(readonly errors: Record<string, string[]>) {
    super(422, 'error.validation')
  }
}
export class PreconditionRequiredError extends HttpError {
  constructor() {
    super(428, 'error.preconditionRequired')
  }
}
