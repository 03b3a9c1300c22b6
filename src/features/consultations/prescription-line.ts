import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { prescriptionProblemOf } from '../../contract/rules/prescription'
import { PrescriptionLine } from '../../contract/schemas/encounters'
import type { Medicine } from '../../contract/schemas/medicines'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'

/** A prescription line as its form holds it while typed. */
export interface LineFormValues {
  medicine_id: string
  presentation_id: string
  quantity: string
  unit: string
  via: string
  every_hours: string
  for_days: string
  indications: string
}

export const EMPTY_LINE: LineFormValues = {
  medicine_id: '',
  presentation_id: '',
  quantity: '1',
  unit: '',
  via: '',
  every_hours: '',
  for_days: '',
  indications: '',
}

export type NewLine = Omit<v.InferOutput<typeof PrescriptionLine>, 'id'> & { id?: string }

const number = (typed: string) => {
  const cleaned = typed.trim().replace(',', '.')
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

/**
 * A typed line as the contract's `PrescriptionLine`, with the medicine's and presentation's names
 * and dose copied from the catalogue (an old prescription prints the same after it changes), or
 * each field's message: every field is required (SPEC §5), and a line may not repeat a medicine or
 * a dose already prescribed (SPEC §8's texts, from the contract's rule).
 */
export function parseLine(
  values: LineFormValues,
  medicines: readonly Medicine[],
  held: readonly NewLine[],
  i18n: I18n,
): { line: NewLine; errors?: undefined } | { line?: undefined; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const required = i18n._(msg`Este campo es obligatorio.`)
  for (const [name, typed] of Object.entries(values)) {
    if (name !== 'indications' && typed.trim() === '') errors[name] = required
  }
  const medicine = medicines.find((item) => item.id === values.medicine_id)
  const presentation = medicine?.presentations.find((item) => item.id === values.presentation_id)
  const line = {
    medicine_id: values.medicine_id,
    presentation_id: values.presentation_id,
    medicine_name: medicine?.name ?? '',
    presentation_name: presentation?.name ?? '',
    dose: presentation?.dose ?? '',
    quantity: number(values.quantity),
    unit: values.unit,
    via: values.via,
    every_hours: number(values.every_hours),
    for_days: number(values.for_days),
    indications: values.indications.trim() === '' ? null : values.indications,
  }
  const checked = v.safeParse(PrescriptionLine, { ...line, id: '00000000-0000-7000-8000-000000000000' })
  if (!checked.success) {
    for (const issue of checked.issues) {
      const name = String(issue.path?.[0]?.key ?? '')
      const field = name in values ? name : name === 'medicine_name' ? 'medicine_id' : 'presentation_id'
      errors[field] ??= Number.isNaN(issue.input)
        ? i18n._(msg`Escribe un número.`)
        : issueMessage(issue, i18n)
    }
  }
  if (Object.keys(errors).length > 0) return { errors }
  const problem = prescriptionProblemOf(held, line)
  if (problem) {
    const text = fieldMessage(problem, i18n) ?? ''
    return {
      errors: problem === 'medicine.duplicateDose' ? { presentation_id: text } : { medicine_id: text },
    }
  }
  return { line: line as NewLine }
}
