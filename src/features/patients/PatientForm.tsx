import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import type * as v from 'valibot'
import { useCall } from '../../api/use-call'
import { useDisabledInputs } from '../../catalogs/use-catalog'
import { patientFilters } from '../../contract/endpoints/operation'
import type { PatientEditableInput } from '../../contract/schemas/editable-inputs'
import type { LocalDb, LocalPatient } from '../../db/local-db'
import { currentSession, hasPermission } from '../../session/session-store'
import { currentEngine } from '../../sync/current-engine'
import { createPatient, updatePatient } from '../../sync/mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage, issueMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { AddressSections } from './AddressSections'
import { mutationContext } from './context'
import { curpHolder } from './curp-check'
import { AccessAccountSection, EmploymentSection } from './EmploymentSections'
import { ContactSection, IdentitySections } from './IdentitySections'
import { OccupationalRisksSection } from './OccupationalRisksSection'
import { clearDraft, readDraft, saveDraft } from './patient-draft'
import {
  formValuesOf,
  type PatientFieldName,
  PatientFormSchema,
  type PatientFormValues,
  patientFieldsOf,
} from './patient-form-values'
import { SpecialLabelsSection } from './SpecialLabelsSection'
import { SubgroupsSection } from './SubgroupsSection'
import './patients.css'

export interface PatientFormProps {
  db: LocalDb
  /** The cached patient being edited; none registers a new one. */
  patient?: LocalPatient
  onDone: () => void
  /** Opens another patient's edit page (a CURP that belongs to an active patient). */
  onOpenPatient: (id: string) => void
}

/** A field's name in the form's elements, its label's text and the step that holds it. */
function fieldInForm(form: HTMLFormElement | null, name: string) {
  const element = form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`) ?? null
  const label = element && 'labels' in element ? (element as HTMLInputElement).labels?.[0]?.textContent : null
  const step = Number(element?.closest<HTMLElement>('[data-step]')?.dataset.step ?? 0)
  return { element, label: label ?? name, step }
}

/** The names of the fields with an error, as the form's elements are named. */
const namesWithErrors = (errors: FieldErrors) => Object.keys(errors)

/**
 * Every field of SPEC §3 Patient in four steps (identification; contact and address;
 * employment; access account), validated by the contract's schemas on the device with the
 * server's messages, and written on the device through the outbox (works with no network). An
 * edit queues only the fields that changed, so edits made elsewhere to other fields merge. The
 * progress is kept over a reload (patient-draft.ts). The COVID data is the COVID module's: this
 * form leaves those fields as they are.
 */
export function PatientForm({ db, patient, onDone, onOpenPatient }: PatientFormProps) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  // The tenant's available statuses (needs the index permission and the network; else all are offered).
  const canList = hasPermission(currentSession(), 'patients-index')
  const filters = useCall(patientFilters, {}, '', canList)
  // The optional inputs the tenant hides (decision 0018): a hidden one keeps its stored value,
  // since an edit sends only what changed.
  const switchedOff = useDisabledInputs('patient')
  const [draft] = useState(() => readDraft(patient?.id, patient?.version))
  const [step, setStep] = useState(draft?.step ?? 0)
  const [summary, setSummary] = useState<string[]>([])
  const formRef = useRef<HTMLFormElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const form = useForm<PatientFormValues>({
    // Range checks carry no message key of their own: word them from the issue and its limit.
    resolver: valibotResolver(PatientFormSchema, { message: (issue) => issueMessage(issue, i18n) }) as never,
    defaultValues: draft?.values ?? formValuesOf(patient),
  })
  const steps = [t`Identificación`, t`Contacto y domicilio`, t`Empleo`, t`Cuenta de acceso`]
  const last = steps.length - 1

  // Once something is typed, every change and every move between steps is kept for a reload;
  // a form only looked at leaves nothing behind. An edit's draft carries the record's version.
  useEffect(() => {
    const keep = (values: PatientFormValues) =>
      saveDraft(patient?.id, { step, values, version: patient?.version })
    if (form.formState.isDirty || draft) keep(form.getValues())
    // The watched values are the form's own (PatientFormValues), only typed as partial.
    const subscription = form.watch((values) => keep(values as PatientFormValues))
    return () => subscription.unsubscribe()
  }, [form, step, patient?.id, patient?.version, draft])

  const goTo = (next: number) => {
    setStep(next)
    // The new step starts at its top, where its title is.
    formRef.current?.scrollIntoView({ block: 'start' })
  }
  const showErrors = (errors: FieldErrors) => {
    setSummary(namesWithErrors(errors))
    requestAnimationFrame(() => summaryRef.current?.focus())
  }
  /** A link of the errors' summary: to the field's step, then to the field itself. */
  const jumpTo = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    event.preventDefault()
    const { step: target } = fieldInForm(formRef.current, name)
    setStep(target)
    requestAnimationFrame(() => {
      const { element } = fieldInForm(formRef.current, name)
      element?.focus()
      element?.scrollIntoView({ block: 'center' })
    })
  }
  const next = async () => {
    const names = [...(formRef.current?.querySelectorAll<HTMLElement>(`[data-step="${step}"] [name]`) ?? [])]
      .map((element) => element.getAttribute('name'))
      .filter((name): name is PatientFieldName => Boolean(name))
    // Only this step's fields are checked; the others wait for their own step or for Guardar.
    if (await form.trigger(names)) {
      setSummary([])
      goTo(step + 1)
    } else showErrors(form.formState.errors)
  }
  const cancel = () => {
    clearDraft(patient?.id)
    onDone()
  }

  const checkCurp = async (curp: string) => {
    const holder = await curpHolder(db, curp, patient?.id ?? null)
    if (!holder) return
    if (holder.active && holder.patientId) {
      notify(t`El usuario ya se encuentra activo, te redireccionaremos a la edición del paciente.`)
      // This registration ends here: the next one starts blank.
      clearDraft(patient?.id)
      onOpenPatient(holder.patientId)
      return
    }
    form.setError('curp', { message: t`Ya existe un paciente con esta CURP.` })
  }

  const submit = form.handleSubmit(async (values) => {
    setSummary([])
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
      clearDraft(patient?.id)
      currentEngine()?.loop.kick()
      onDone()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  }, showErrors)

  const message = (name: PatientFieldName) =>
    fieldMessage(form.getFieldState(name, form.formState).error?.message, i18n)
  const title = patient ? t`Editar paciente` : t`Nuevo paciente`
  const sections = { form, message, shown: (input: PatientEditableInput) => !switchedOff.has(input) }
  const shownErrors = summary.filter((name) => namesWithErrors(form.formState.errors).includes(name))
  return (
    <form ref={formRef} className="form-card patient-form" onSubmit={submit} noValidate aria-label={title}>
      <ol className="form-steps">
        {steps.map((name, index) => (
          <li key={name}>
            <button
              type="button"
              className="form-steps__step"
              aria-current={index === step ? 'step' : undefined}
              onClick={() => goTo(index)}
            >
              <span className="form-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <span>{name}</span>
            </button>
          </li>
        ))}
      </ol>
      <p className="form-hint">
        <Trans>
          Paso {step + 1} de {steps.length}. Los campos con <span aria-hidden="true">*</span> son
          obligatorios.
        </Trans>
      </p>
      {shownErrors.length > 0 && (
        <div ref={summaryRef} className="form-errors" role="alert" tabIndex={-1}>
          <p>
            <Trans>Todos los campos obligatorios deben ser llenados</Trans>
          </p>
          <ul>
            {shownErrors.map((name) => {
              const field = fieldInForm(formRef.current, name)
              return (
                <li key={name}>
                  <a href={`#${field.element?.id ?? ''}`} onClick={(event) => jumpTo(event, name)}>
                    {field.label}: {message(name as PatientFieldName) ?? ''}
                  </a>
                </li>
              )
            })}
          </ul>
        </div>
      )}
      <div data-step="0" hidden={step !== 0} className="patient-form__step">
        <IdentitySections {...sections} onCurpBlur={(curp) => void checkCurp(curp)} />
      </div>
      <div data-step="1" hidden={step !== 1} className="patient-form__step">
        <ContactSection {...sections} />
        <AddressSections {...sections} />
      </div>
      <div data-step="2" hidden={step !== 2} className="patient-form__step">
        <EmploymentSection
          {...sections}
          statuses={filters.status === 'loaded' ? filters.data.administrative_statuses : undefined}
        />
        {sections.shown('subgroups') && <SubgroupsSection {...sections} />}
        <OccupationalRisksSection {...sections} />
        <SpecialLabelsSection {...sections} />
      </div>
      <div data-step="3" hidden={step !== 3} className="patient-form__step">
        <AccessAccountSection {...sections} hasAccount={patient?.has_account === true} />
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions patient-form__actions">
        <Button variant="ghost" onClick={cancel}>
          <Trans>Cancelar</Trans>
        </Button>
        {step > 0 && (
          <Button variant="secondary" onClick={() => goTo(step - 1)}>
            <Trans>Anterior</Trans>
          </Button>
        )}
        {step < last && (
          <Button variant="secondary" onClick={() => void next()}>
            <Trans>Siguiente</Trans>
          </Button>
        )}
        {/* Saving is open at every step: an edit rarely needs them all. */}
        <Button type="submit" loading={form.formState.isSubmitting}>
          <Trans>Guardar</Trans>
        </Button>
      </div>
    </form>
  )
}
