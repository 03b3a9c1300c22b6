import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { DateText, isoToDateText } from '../../contract/rules/formats'
import { patientFieldEntries } from '../../contract/schemas/patient'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { currentEngine } from '../../sync/current-engine'
import { createPatient, updatePatient } from '../../sync/mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { DateField } from '../../ui/DateField'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { TextField } from '../../ui/TextField'
import { mutationContext } from './context'

/** An emptied optional field means "no value" to the API, as the contract's null does. */
const emptyAsNull = v.pipe(
  v.string(),
  v.trim(),
  v.transform((text): string | null | undefined => text || null),
)

/** The patient fields this minimal form edits, checked by the contract's own field schemas. */
const PatientFields = v.object({
  name: patientFieldEntries.name,
  last_name: patientFieldEntries.last_name,
  second_last_name: patientFieldEntries.second_last_name,
  birth_date: DateText,
  curp: patientFieldEntries.curp,
  phone: v.pipe(emptyAsNull, patientFieldEntries.phone),
  payroll_number: v.pipe(emptyAsNull, patientFieldEntries.payroll_number),
})
type Values = Record<keyof typeof PatientFields.entries, string>

const valuesOf = (patient: LocalPatient | undefined): Values => ({
  name: patient?.name ?? '',
  last_name: patient?.last_name ?? '',
  second_last_name: patient?.second_last_name ?? '',
  birth_date: typeof patient?.birth_date === 'string' ? isoToDateText(patient.birth_date) : '',
  curp: patient?.curp ?? '',
  phone: typeof patient?.phone === 'string' ? patient.phone : '',
  payroll_number: patient?.payroll_number ?? '',
})

/**
 * A new patient, or changes to one, written on the device and queued (works with no network).
 * An edit sends only the fields that changed, so edits made elsewhere to other fields merge.
 */
export function PatientForm({
  db,
  patient,
  onDone,
}: {
  db: LocalDb
  patient?: LocalPatient
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<Values>({
    resolver: valibotResolver(PatientFields) as never,
    defaultValues: valuesOf(patient),
  })
  const submit = form.handleSubmit(async (values) => {
    // The resolver hands over the schema's output: ISO date, nulls for emptied fields.
    const fields = values as unknown as v.InferOutput<typeof PatientFields>
    setFailure(null)
    try {
      if (patient) {
        const saved = await updatePatient(db, mutationContext(), patient.id, fields)
        notify(saved ? t`Cambios guardados en este dispositivo` : t`No hubo cambios`)
      } else {
        await createPatient(db, mutationContext(), { ...fields, administrative_status: 'active' })
        notify(t`Paciente guardado en este dispositivo`)
      }
      currentEngine()?.loop.kick()
      onDone()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  })
  const message = (name: keyof Values) => {
    const key = form.formState.errors[name]?.message
    return key === 'curp.invalid' ? t`La CURP no es válida` : fieldMessage(key, i18n)
  }
  const title = patient ? t`Editar paciente` : t`Nuevo paciente`
  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
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
        <TextField label={t`Teléfono`} inputMode="tel" error={message('phone')} {...form.register('phone')} />
        <TextField
          label={t`Número de nómina`}
          error={message('payroll_number')}
          {...form.register('payroll_number')}
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
