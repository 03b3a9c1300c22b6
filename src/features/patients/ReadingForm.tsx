import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { BloodPressureRequest } from '../../contract/schemas/readings'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { currentEngine } from '../../sync/current-engine'
import { createReading } from '../../sync/reading-mutators'
import { Alert } from '../../ui/Alert'
import { FormActions } from '../../ui/FormActions'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { TextField } from '../../ui/TextField'
import { mutationContext } from './context'

/** A typed number, checked by the contract's own range schema. */
const number = (schema: v.GenericSchema<number, number>) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty('field.required'), v.transform(Number), schema)
const Reading = v.object({
  systolic: number(BloodPressureRequest.entries.systolic),
  diastolic: number(BloodPressureRequest.entries.diastolic),
})
type Values = { systolic: string; diastolic: string }

/** SPEC §5 ranges: systolic 60–250, diastolic 40–200. Recorded now, on the device. */
export function ReadingForm({
  db,
  patient,
  onDone,
}: {
  db: LocalDb
  /** A cached patient, or one of the server's list (readings need only who it is). */
  patient: Pick<LocalPatient, 'id' | 'name' | 'last_name'>
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    // Range checks carry no message key of their own: word them from the issue and its limit.
    resolver: valibotResolver(Reading, { message: (issue) => issueMessage(issue, i18n) }) as never,
    defaultValues: { systolic: '', diastolic: '' },
  })
  const submit = form.handleSubmit(async (values) => {
    const reading = values as unknown as { systolic: number; diastolic: number }
    setFailure(null)
    try {
      await createReading(db, mutationContext(), 'blood-pressure', {
        patient_id: patient.id,
        taken_at: new Date().toISOString(),
        systolic: reading.systolic,
        diastolic: reading.diastolic,
      })
      currentEngine()?.loop.kick()
      notify(t`Lectura guardada en este dispositivo`)
      onDone()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  })
  const message = (name: keyof Values) => fieldMessage(form.formState.errors[name]?.message, i18n)
  const name = [patient.name, patient.last_name].filter(Boolean).join(' ')
  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label={t`Presión arterial de ${name}`}>
      <h2>
        <Trans>Presión arterial de {name}</Trans>
      </h2>
      <div className="form-grid">
        <TextField
          label={t`Sistólica (mmHg)`}
          inputMode="numeric"
          error={message('systolic')}
          {...form.register('systolic')}
        />
        <TextField
          label={t`Diastólica (mmHg)`}
          inputMode="numeric"
          error={message('diastolic')}
          {...form.register('diastolic')}
        />
      </div>
      {failure && <Alert>{failure}</Alert>}
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  )
}
