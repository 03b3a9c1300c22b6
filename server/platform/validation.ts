import type { FastifySchemaCompiler } from 'fastify'
import * as v from 'valibot'
import type { Lang } from './language'
import { isMessageKey, type MessageKey, translate } from './messages'

type Issue = v.BaseIssue<unknown>

/**
 * A request part failed its contract schema. It carries valibot's issues untranslated, because
 * the compiler runs before the request's language is known to the error handler.
 */
export class SchemaValidationError extends Error {
  constructor(
    readonly part: string,
    readonly issues: readonly Issue[],
  ) {
    super(`${part} failed validation`)
  }
}

/**
 * A part that made a schema's own check throw (a check that trusted an earlier one of its pipe,
 * which valibot runs anyway): whatever the part holds, it is not what the contract takes.
 */
const unreadable = (input: unknown): Issue => ({
  kind: 'validation',
  type: 'check',
  input,
  expected: null,
  received: 'unknown',
  message: 'field.invalid',
})

/** Fastify's validator compiler, with valibot: a route names its contract schema, nothing more. */
export const valibotCompiler: FastifySchemaCompiler<v.GenericSchema> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body'
    let result: v.SafeParseResult<v.GenericSchema>
    try {
      result = v.safeParse(schema, data)
    } catch {
      return { error: new SchemaValidationError(part, [unreadable(data)]) }
    }
    if (result.success) return { value: result.output }
    return { error: new SchemaValidationError(part, result.issues) }
  }

const ISSUE_MESSAGES: Record<string, MessageKey> = {
  min_length: 'field.minLength',
  max_length: 'field.maxLength',
  length: 'field.length',
  min_value: 'field.minValue',
  max_value: 'field.maxValue',
  integer: 'field.integer',
  email: 'field.email',
  uuid: 'field.uuid',
  iso_date: 'field.date',
  iso_timestamp: 'field.date',
  picklist: 'field.picklist',
  enum: 'field.picklist',
  non_empty: 'field.required',
  strict_object: 'field.unknown',
  never: 'field.unknown',
}

function messageOf(issue: Issue, lang: Lang): string {
  const n = String(issue.requirement ?? '')
  if (isMessageKey(issue.message)) return translate(issue.message, lang, { n })
  if (issue.kind === 'schema' && issue.input === undefined) return translate('field.required', lang)
  const key = ISSUE_MESSAGES[issue.type] ?? (issue.kind === 'schema' ? 'field.type' : 'field.invalid')
  return translate(key, lang, { n })
}

/** Per-field messages keyed by dot path (`address.state`); a whole-part issue is keyed by the part. */
export function fieldErrors(part: string, issues: readonly Issue[], lang: Lang): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? part
    const message = messageOf(issue, lang)
    const messages = errors[path] ?? []
    if (!messages.includes(message)) errors[path] = [...messages, message]
  }
  return errors
}
