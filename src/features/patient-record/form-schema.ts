import * as v from 'valibot'
import { type RecordSection, SECTION_FIELDS } from '../../contract/schemas/record-sections'

/** The fields a form types as numbers, and those left empty when they have no value. */
const NUMBER_FIELDS = new Set(['year'])
const OPTIONAL_FIELDS = new Set(['note', 'medicine_id', 'year'])

/** A section's form values: every field as typed (text inputs and selects give strings). */
export type SectionFormValues = Record<string, string>

const typed = (field: string, schema: v.GenericSchema) => {
  if (!OPTIONAL_FIELDS.has(field)) return schema
  // An empty optional input means "no value"; a number field is a number once it has one.
  const fromText = (text: string): unknown =>
    text === '' ? null : NUMBER_FIELDS.has(field) ? Number(text) : text
  return v.pipe(v.string(), v.trim(), v.transform(fromText), schema)
}

/**
 * The form's schema of a section: the contract's own field schemas (the ones the mutator and the
 * server check), after turning the typed text into the values they take.
 */
export function sectionFormSchema(section: RecordSection) {
  const fields = SECTION_FIELDS[section] as Record<string, v.GenericSchema>
  return v.object(
    Object.fromEntries(Object.entries(fields).map(([field, schema]) => [field, typed(field, schema)])),
  )
}

/** The fields of a section, in the order its form shows them. */
export const sectionFields = (section: RecordSection) => Object.keys(SECTION_FIELDS[section])

/** An entry's values as its form starts with them (empty for a new one). */
export function initialValues(section: RecordSection, entry?: Record<string, unknown>): SectionFormValues {
  return Object.fromEntries(
    sectionFields(section).map((field) => {
      const value = entry?.[field]
      return [field, value === null || value === undefined ? '' : String(value)]
    }),
  )
}
