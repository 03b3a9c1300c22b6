import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form'
import { fromSi, type Measure, toSi, type UnitChoice } from '../../contract/rules/units'
import type { ReadingKind } from '../../contract/schemas/readings'
import type { LocalDb, LocalReading } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { createReading, updateReading } from '../../sync/reading-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { TextField } from '../../ui/TextField'
import { chooseUnits, useUnits } from '../../ui/unit-preference'
import { KindFields } from './KindFields'
import { NUMBER_FIELDS, type ReadingFormValues } from './reading-fields'
import { initialValues, parseReadingForm, type ReadingFields } from './reading-form'

/** The flat "numbers.weight" messages as the nested errors react-hook-form reads. */
function nested(flat: Record<string, string>): FieldErrors<ReadingFormValues> {
  const root: Record<string, unknown> = {}
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.')
    let node = root
    for (const key of keys.slice(0, -1)) {
      node[key] ??= {}
      node = node[key] as Record<string, unknown>
    }
    node[keys[keys.length - 1] as string] = { type: 'validate', message }
  }
  // The shape built is react-hook-form's: an object per path segment, a FieldError at the leaf.
  return root as FieldErrors<ReadingFormValues>
}

export interface ReadingEntryFormProps {
  db: LocalDb
  kind: ReadingKind
  patientId: string
  /** The reading being amended; absent to record a new one. */
  reading?: LocalReading
  onDone?: () => void
}

/**
 * Records one reading of a kind on the device (DESIGN §5: offline, through the outbox), or
 * amends one: only the fields that changed are queued. Body measures are typed in the unit this
 * device chose and stored in SI.
 */
export function ReadingEntryForm({ db, kind, patientId, reading, onDone }: ReadingEntryFormProps) {
  const { t, i18n } = useLingui()
  const units = useUnits()
  const [failure, setFailure] = useState<string | null>(null)
  const [startedAt] = useState(() => new Date())
  const start = useMemo(
    () => initialValues(kind, units, reading, startedAt),
    [kind, units, reading, startedAt],
  )
  const resolver: Resolver<ReadingFormValues> = async (values) => {
    const parsed = parseReadingForm(
      kind,
      values,
      units,
      i18n,
      reading ? { reading, values: start } : undefined,
    )
    return parsed.errors ? { values: {}, errors: nested(parsed.errors) } : { values, errors: {} }
  }
  const form = useForm<ReadingFormValues>({ resolver, defaultValues: start })

  /** A new unit: what was typed is shown again in it (the stored value if it was left as shown). */
  const changeUnits = (next: UnitChoice) => {
    const before = form.getValues()
    const after = initialValues(kind, next, reading, startedAt)
    for (const field of NUMBER_FIELDS[kind]) {
      const measure: Measure | undefined = field.measure
      if (!measure || units[measure] === next[measure]) continue
      const text = before.numbers[field.name] ?? ''
      const typed = Number(text.replace(',', '.'))
      const converted =
        text === start.numbers[field.name]
          ? after.numbers[field.name]
          : text.trim() === '' || Number.isNaN(typed)
            ? text
            : String(fromSi(measure, next[measure] as never, toSi(measure, units[measure] as never, typed)))
      form.setValue(`numbers.${field.name}`, converted ?? '')
    }
    chooseUnits(next)
  }

  const submit = form.handleSubmit(async (values) => {
    const parsed = parseReadingForm(
      kind,
      values,
      units,
      i18n,
      reading ? { reading, values: start } : undefined,
    )
    if (!parsed.fields) return
    setFailure(null)
    try {
      await save(db, kind, patientId, reading, parsed.fields)
      currentEngine()?.loop.kick()
      notify(reading ? t`Cambios guardados en este dispositivo` : t`Registro guardado en este dispositivo`)
      if (!reading) form.reset(initialValues(kind, units, undefined, new Date()))
      onDone?.()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  })

  const error = (path: string) => {
    const node = path
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], form.formState.errors)
    return (node as { message?: string } | undefined)?.message
  }

  return (
    <form onSubmit={submit} noValidate className="reading-form">
      <TextField
        label={t`Fecha y hora`}
        type="datetime-local"
        error={error('taken_at')}
        {...form.register('taken_at')}
      />
      <KindFields kind={kind} form={form} units={units} onUnits={changeUnits} error={error} />
      <TextField
        label={t`Nota (opcional)`}
        maxLength={500}
        error={error('note')}
        {...form.register('note')}
      />
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        {onDone && reading && (
          <Button variant="secondary" onClick={onDone}>
            <Trans>Cancelar</Trans>
          </Button>
        )}
        <Button type="submit" loading={form.formState.isSubmitting}>
          <Trans>Guardar</Trans>
        </Button>
      </div>
    </form>
  )
}

async function save(
  db: LocalDb,
  kind: ReadingKind,
  patientId: string,
  reading: LocalReading | undefined,
  fields: ReadingFields,
) {
  if (reading) {
    await updateReading(db, mutationContext(), reading.id, fields)
    return
  }
  // The fields were checked by the kind's own contract schema in parseReadingForm.
  await createReading(db, mutationContext(), kind, { ...fields, patient_id: patientId } as never)
}
