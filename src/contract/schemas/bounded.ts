import * as v from 'valibot'
import { isTimeZone } from '../rules/time-zone'
import type { Range } from '../rules/vital-ranges'

/**
 * Every string and list a request carries has a maximum, and every number both bounds (issue 16):
 * nothing of any size reaches a handler or the database, and the device's form refuses what the
 * server would. tests/architecture/contract-bounds.test.ts reads every endpoint's schemas and
 * fails on one without. These helpers give a field its maximum in one word.
 */

/** The largest whole number a PostgreSQL `integer` column holds. */
export const MAX_INTEGER = 2_147_483_647

/** Text, trimmed, of at most `max` characters (empty allowed). */
export const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max))

/** Text that must hold something once trimmed, of at most `max` characters. */
export const requiredText = (max: number) =>
  v.pipe(v.string('field.required'), v.trim(), v.nonEmpty('field.required'), v.maxLength(max))

/** Text that may be absent or null (stored as null), of at most `max` characters. */
export const optionalText = (max: number) => v.optional(v.nullable(text(max)), null)

/** A list of at most `max` items, each checked by `item`. */
export const list = <S extends v.GenericSchema>(item: S, max: number) =>
  v.pipe(v.array(item, 'field.type'), v.maxLength(max, 'field.maxItems'))

/** A whole number from `min` to `max` (by default what an `integer` column holds). */
export const wholeNumber = (min = 0, max = MAX_INTEGER) =>
  v.pipe(v.number('field.type'), v.integer('field.integer'), v.minValue(min), v.maxValue(max))

/**
 * The fields an update changes (DESIGN §5: only those): any of `entries`, at least one. An empty
 * body, a list or only unknown keys (dropped) is refused, so that an update with nothing to
 * change never bumps a version nor writes a change that would make every device's copy stale.
 */
export const changesOf = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.partial(v.object(entries)),
    v.check((changes) => Object.keys(changes).length > 0, 'field.nothingToChange'),
  )

/** A measure within its SPEC §5 range (`rules/vital-ranges.ts`): a whole number, or any finite one. */
export const wholeIn = (range: Range) =>
  v.pipe(v.number('field.type'), v.integer('field.integer'), v.minValue(range.min), v.maxValue(range.max))
export const decimalIn = (range: Range) =>
  v.pipe(v.number('field.type'), v.finite('field.type'), v.minValue(range.min), v.maxValue(range.max))

/** A value a form may leave empty: absent or null, stored as null. */
export const orNull = <S extends v.GenericSchema>(schema: S) => v.optional(v.nullable(schema), null)

/** An IANA time zone a document is printed in (`rules/time-zone.ts`). */
export const TimeZoneName = v.pipe(
  v.string(),
  v.maxLength(64, 'field.time_zone'),
  v.check(isTimeZone, 'field.time_zone'),
)

/** An hour of the day, HH:MM on a 24-hour clock (a meal's time, an adverse reaction's). */
export const ClockTime = v.pipe(
  v.string('field.required'),
  v.maxLength(5, 'field.time'),
  v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'field.time'),
)

/**
 * A query's list of codes, comma-separated (`statuses=complete,incomplete`), each one of
 * `options`; the text is bounded before it is split.
 */
export const commaCodes = <const T extends readonly string[]>(options: T) =>
  v.optional(
    v.pipe(
      v.string(),
      v.maxLength(400, 'field.picklist'),
      v.transform((text) => text.split(',').filter((code) => code !== '')),
      v.array(v.picklist(options, 'field.picklist')),
    ),
  )

/** A query's list of ids, comma-separated, each a UUID (at most 30 of them). */
export const commaIds = v.optional(
  v.pipe(
    v.string(),
    v.maxLength(30 * 37, 'field.maxItems'),
    v.transform((text) => text.split(',').filter((id) => id !== '')),
    v.array(v.pipe(v.string(), v.uuid('field.uuid'))),
  ),
)
