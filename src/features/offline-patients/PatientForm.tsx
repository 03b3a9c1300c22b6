import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type * as v from 'valibot'
import { useCall } from '../../api/use-call'
import { patientFilters } from '../../contract/endpoints/operation'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { currentSession, hasPermission } from '../../session/session-store'
import { currentEngine } from '../../sync/current-engine'
import { createPatient, updatePatient } from '../../sync/mutators'
import { Alert } from '../../ui/Alert'
import { FormActions } from '../../ui/FormActions'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { AddressSections } from './AddressSections'
import { CovidSections } from './CovidSections'
import { mutationContext } from './context'
import { curpHolder } from './curp-check'
import { EmploymentSections } from './EmploymentSections'
import { IdentitySections } from './IdentitySections'
import {
  formValuesOf,
  type PatientFieldName,
  PatientFormSchema,
  type PatientFormValues,
  patientFieldsOf,
} from './patient-form-values'
import { SpecialLabelsSection } from './SpecialLabelsSection'
import { SubgroupsSection } from './SubgroupsSection'

export interface PatientFormProps {
  db: LocalDb
  /** The cached patient being edited; none registers a new one. */
  patient?: LocalPatient
  onDone: () => void
  /** Opens another patient's edit page (a CURP that belongs to an active patient). */
  onOpenPatient: (id: string) => void
}

/**
 * Every field of SPEC §3 Patient in sections, validated by the contract's schemas on the device
 * with the server's messages, and written on the device through the outbox (works with no
 * network). An edit queues only the fields that changed, so edits made elsewhere to other
 * fields merge.
 */
export function PatientForm({ db, patient, onDone, onOpenPatient }: PatientFormProps) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  // The tenant's available statuses (needs the index permission and the network; else all are offered).
  const canList = hasPermission(currentSession(), 'patients-index')
  const filters = useCall(patientFilters, {}, '', canList)
  const form = useForm<PatientFormValues>({
    // Range checks carry no message key of their own: word them from the issue and its limit.
    resolver: valibotResolver(PatientFormSchema, { message: (issue) => issueMessage(issue, i18n) }) as never,
    defaultValues: formValuesOf(patient),
  })

  const checkCurp = async (curp: string) => {
    const holder = await curpHolder(db, curp, patient?.id ?? null)
    if (!holder) return
    if (holder.active && holder.patientId) {
      notify(t`El usuario ya se encuentra activo, te redireccionaremos a la edición del paciente.`)
      onOpenPatient(holder.patientId)
      return
    }
    form.setError('curp', { message: t`Ya existe un paciente con esta CURP.` })
  }

  const submit = form.handleSubmit(async (values) => {
    // The resolver hands over the schema's output: ISO dates, numbers, nulls for emptied fields.
    const fields = patientFieldsOf(values as unknown as v.InferOutput<typeof PatientFormSchema>)
    setFailure(null)
    try {
      if (patient) {
        const saved = await updatePatient(db, mutationContext(), patient.id, fields)
        notify(saved ? t`Cambios guardados en este dispositivo` : t`No hubo cambios`)
      } else {
        await createPatient(db, mutationContext(), fields)
        notify(t`Paciente guardado en este dispositivo`)
      }
      currentEngine()?.loop.kick()
      onDone()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  })

  const message = (name: PatientFieldName) =>
    fieldMessage(form.getFieldState(name, form.formState).error?.message, i18n)
  const title = patient ? t`Editar paciente` : t`Nuevo paciente`
  const sections = { form, message }
  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label={title}>
      <IdentitySections {...sections} onCurpBlur={(curp) => void checkCurp(curp)} />
      <AddressSections {...sections} />
      <EmploymentSections
        {...sections}
        statuses={filters.status === 'loaded' ? filters.data.administrative_statuses : undefined}
        hasAccount={patient?.has_account === true}
      />
      <SubgroupsSection {...sections} />
      <SpecialLabelsSection {...sections} />
      <CovidSections {...sections} />
      {Object.keys(form.formState.errors).length > 0 && (
        <Alert>
          <Trans>Todos los campos obligatorios deben ser llenados</Trans>
        </Alert>
      )}
      {failure && <Alert>{failure}</Alert>}
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  )
}
