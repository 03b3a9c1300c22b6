import * as v from 'valibot'
import { list, optionalText, requiredText } from './bounded'

const Id = v.pipe(v.string(), v.uuid('field.uuid'))

/**
 * A presentation of a medicine (SPEC §3: dose, quantity, frequency, duration, via): its form
 * (tablet, syrup…) and one dose. An id when it exists already, none when it is new.
 */
export const PresentationInput = v.object({
  id: v.optional(Id),
  name: requiredText(100),
  dose: requiredText(100),
  quantity: optionalText(100),
  frequency: optionalText(100),
  duration: optionalText(100),
  via: optionalText(100),
})
export type PresentationInput = v.InferOutput<typeof PresentationInput>

/** The key that tells two presentations of one medicine apart (SPEC §8 duplicate dose). */
export const doseKey = (presentation: { name: string; dose: string }) =>
  `${presentation.name.trim().toLowerCase()}\u0000${presentation.dose.trim().toLowerCase()}`

/**
 * POST /catalog/medicines/catalog and POST /catalog/medicines/catalog/{id}: the medicine with
 * its presentations, whole. A presentation left out of an update stays (it is removed by its own
 * DELETE /catalog/medicines/presentation/{id}); two with one form and dose are refused.
 */
export const MedicineRequest = v.pipe(
  v.object({
    name: requiredText(200),
    presentations: list(PresentationInput, 50),
  }),
  v.forward(
    v.check(
      (medicine) => new Set(medicine.presentations.map(doseKey)).size === medicine.presentations.length,
      'medicine.duplicateDose',
    ),
    ['presentations'],
  ),
)
export type MedicineRequest = v.InferOutput<typeof MedicineRequest>

export const MedicineIdParams = v.object({ id: Id })
export const DosesParams = v.object({ medicineId: Id, presentationId: Id })

export const Presentation = v.object({
  id: v.string(),
  medicine_id: v.string(),
  name: v.string(),
  dose: v.string(),
  quantity: v.nullable(v.string()),
  frequency: v.nullable(v.string()),
  duration: v.nullable(v.string()),
  via: v.nullable(v.string()),
})
export type Presentation = v.InferOutput<typeof Presentation>

/** A medicine of the tenant's catalogue with its live presentations. */
export const Medicine = v.object({
  id: v.string(),
  name: v.string(),
  presentations: v.array(Presentation),
  updated_at: v.string(),
})
export type Medicine = v.InferOutput<typeof Medicine>

/** GET /catalog/medicines/list: a medicine's id and name, for pickers. */
export const MedicineOption = v.object({ id: v.string(), name: v.string() })
export type MedicineOption = v.InferOutput<typeof MedicineOption>

/** A medicines spreadsheet is small: a few thousand rows at most. */
export const MAX_MEDICINES_FILE_BYTES = 5 * 1024 * 1024

/**
 * POST /catalog/medicines/catalog/excel (form data): a spreadsheet laid out like the download,
 * one presentation per row (medicine, presentation, dose, quantity, frequency, duration, via)
 * under a header row.
 */
export const MedicinesImportRequest = v.object({
  file: v.pipe(
    v.instance(Uint8Array, 'field.required'),
    v.check((bytes) => bytes.length > 0, 'field.required'),
    v.check((bytes) => bytes.length <= MAX_MEDICINES_FILE_BYTES, 'error.tooLarge'),
  ),
})

/** What an import did: rows already in the catalogue are unchanged, so a re-run changes nothing. */
export const MedicinesImportReport = v.object({
  medicines_added: v.number(),
  presentations_added: v.number(),
  unchanged: v.number(),
  rejected: v.number(),
  /** Each rejected row with its line in the sheet (the header is line 1). */
  rejections: v.array(v.object({ line: v.number(), reason: v.string() })),
})
export type MedicinesImportReport = v.InferOutput<typeof MedicinesImportReport>
