import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { useDisabledInputs } from '../../catalogs/use-catalog'
import type { PatientEditableInput } from '../../contract/schemas/editable-inputs'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentSession } from '../../session/session-store'
import { useSyncEngine } from '../../session/use-sync-engine'
import { currentEngine } from '../../sync/current-engine'
import { updatePatientProfile } from '../../sync/patient-profile-mutator'
import { Alert } from '../../ui/Alert'
import { FormActions } from '../../ui/FormActions'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { SelectField } from '../../ui/SelectField'
import { Spinner } from '../../ui/Spinner'
import { TextField } from '../../ui/TextField'
import { type ProfileValues, parseProfileForm, profileValuesOf } from './profile-form'

/**
 * SPEC §2 "edit my profile" of the patient mode: the patient's phone, the free text of their
 * address and their emergency contact, saved on the device and sent through the outbox, so it
 * works with no signal. The identity and the employment stay with the staff who registered them.
 */
export function PatientProfilePage() {
  const { t } = useLingui()
  const db = useSyncEngine()?.db
  const patientId = currentSession()?.user.patient_id ?? null
  const own = useLiveQuery(
    async () => (db && patientId ? ((await db.patients.get(patientId)) ?? null) : undefined),
    [db, patientId],
  )
  const title = t`Editar mi perfil`
  if (!patientId) {
    return (
      <section className="page">
        <PageHeader title={title} />
        <p>
          <Trans>Tu cuenta no está vinculada a un expediente de paciente.</Trans>
        </p>
      </section>
    )
  }
  if (!db || own === undefined) return <Spinner />
  return (
    <section className="page">
      <PageHeader title={title} />
      {own ? (
        <ProfileForm key={own.id} db={db} own={own} />
      ) : (
        // The record arrives with the first sync: it has not reached this device yet.
        <Alert>
          <Trans>
            Tu expediente aún no está en este dispositivo. Conéctate a internet y espera a que se sincronice.
          </Trans>
        </Alert>
      )}
    </section>
  )
}

const EMERGENCY_CONTACT = [
  'emergency_contact_name',
  'emergency_contact_relationship',
  'emergency_contact_phone',
] as const

function ProfileForm({ db, own }: { db: LocalDb; own: LocalPatient }) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const resolver: Resolver<ProfileValues> = async (values) => {
    const parsed = parseProfileForm(values, i18n)
    if (!parsed.errors) return { values, errors: {} }
    const errors = Object.fromEntries(
      Object.entries(parsed.errors).map(([field, message]) => [field, { type: 'validate', message }]),
    )
    return { values: {}, errors }
  }
  // Filled once from the row: a pull arriving while the patient types does not wipe their text.
  const form = useForm<ProfileValues>({ resolver, defaultValues: profileValuesOf(own) })
  const errors = form.formState.errors
  // The patient form's inputs the tenant hides (decision 0018) are hidden here too: the same fields
  // of the same record. A hidden one keeps its value, since only what changed is sent.
  const hidden = useDisabledInputs('patient')
  const shown = (input: PatientEditableInput) => !hidden.has(input)
  const relationships = [
    { value: 'spouse', label: t`Cónyuge` },
    { value: 'father', label: t`Padre` },
    { value: 'mother', label: t`Madre` },
    { value: 'child', label: t`Hijo(a)` },
    { value: 'other', label: t`Otro` },
  ]

  const submit = form.handleSubmit(async (values) => {
    const parsed = parseProfileForm(values, i18n)
    if (parsed.errors) return
    setFailure(null)
    try {
      const saved = await updatePatientProfile(db, mutationContext(), own.id, parsed.changes)
      if (!saved) {
        notify(t`No hay cambios que guardar`)
        return
      }
      currentEngine()?.loop.kick()
      notify(t`Cambios guardados en este dispositivo`)
      form.reset(values)
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  })

  return (
    <form className="form-card" onSubmit={submit} noValidate>
      <fieldset className="form-section">
        <legend>{t`Mis datos de contacto`}</legend>
        {shown('phone') && (
          <TextField
            label={t`Teléfono`}
            inputMode="tel"
            autoComplete="tel"
            maxLength={15}
            error={errors.phone?.message}
            {...form.register('phone')}
          />
        )}
        <TextField
          label={t`Calle, número y colonia (otro)`}
          maxLength={250}
          error={errors.address_other?.message}
          {...form.register('address_other')}
        />
      </fieldset>
      {EMERGENCY_CONTACT.some(shown) && (
        <fieldset className="form-section">
          <legend>{t`Contacto de emergencia`}</legend>
          {shown('emergency_contact_name') && (
            <TextField
              label={t`Nombre del contacto`}
              maxLength={150}
              error={errors.emergency_contact_name?.message}
              {...form.register('emergency_contact_name')}
            />
          )}
          {shown('emergency_contact_relationship') && (
            <SelectField
              label={t`Parentesco`}
              placeholder={t`Selecciona`}
              options={relationships}
              error={errors.emergency_contact_relationship?.message}
              {...form.register('emergency_contact_relationship')}
            />
          )}
          {shown('emergency_contact_phone') && (
            <TextField
              label={t`Teléfono del contacto`}
              inputMode="tel"
              maxLength={15}
              error={errors.emergency_contact_phone?.message}
              {...form.register('emergency_contact_phone')}
            />
          )}
        </fieldset>
      )}
      {failure && <Alert>{failure}</Alert>}
      <FormActions submitting={form.formState.isSubmitting} />
    </form>
  )
}
