import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { dateTextToIso, isDateText } from '../../contract/rules/formats'
import { patientFieldEntries } from '../../contract/schemas/patient'
import type { LocalDb } from '../../db/local-db'
import { currentEngine } from '../../sync/current-engine'
import { createPatient } from '../../sync/mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { DateField } from '../../ui/DateField'
import { fieldMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { TextField } from '../../ui/TextField'
import { mutationContext } from './context'

const NewPatient = v.object({
  name: patientFieldEntries.name,
  last_name: patientFieldEntries.last_name,
  second_last_name: patientFieldEntries.second_last_name,
  birth_date: v.pipe(v.string(), v.trim(), v.check(isDateText, 'field.date'), v.transform(dateTextToIso)),
  curp: patientFieldEntries.curp,
})
type Values = { name: string; last_name: string; second_last_name: string; birth_date: string; curp: string }

/** A new patient, written on the device and queued (works with no network). */
export function NewPatientForm({ db, onDone }: { db: LocalDb; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    resolver: valibotResolver(NewPatient) as never,
    defaultValues: { name: '', last_name: '', second_last_name: '', birth_date: '', curp: '' },
  })
  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await createPatient(db, mutationContext(), { ...values, administrative_status: 'active' })
      currentEngine()?.loop.kick()
      notify(t`Paciente guardado en este dispositivo`)
      onDone()
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
  })
  const message = (name: keyof Values) => {
    const key = form.formState.errors[name]?.message
    return key === 'curp.invalid' ? t`La CURP no es válida` : fieldMessage(key, i18n)
  }
  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label={t`Nuevo paciente`}>
      <div className="form-grid">
        <TextField label={t`Nombre`} error={message('name')} {...form.register('name')} />
        <TextField label={t`Apellido paterno`} error={message('last_name')} {...form.register('last_name')} />
        <TextField
          label={t`Apellido materno`}
          error={message('second_last_name')}
          {...form.register('second_last_name')}
        />
        <DateField
          label={t`Fecha de nacimiento`}
          error={message('birth_date')}
          {...form.register('birth_date')}
        />
        <TextField
          label={t`CURP`}
          autoCapitalize="characters"
          error={message('curp')}
          {...form.register('curp')}
        />
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Button variant="secondary" onClick={onDone}>
          <Trans>Cancelar</Trans>
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          <Trans>Guardar</Trans>
        </Button>
      </div>
    </form>
  )
}
