import * as v from 'valibot'

/** SPEC §5: the year of a history entry lies between 1920 and the current year. */
export const FIRST_RECORD_YEAR = 1920

/**
 * The year of a record-section entry. Lazy, so "the current year" is the year of each check, not
 * of the moment the schema was built (a server running across New Year keeps its schemas).
 */
export const RecordYear = v.lazy(() =>
  v.pipe(
    v.number('field.type'),
    v.integer('field.integer'),
    v.minValue(FIRST_RECORD_YEAR),
    v.maxValue(new Date().getFullYear()),
  ),
)
