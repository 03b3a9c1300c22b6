import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type MouseEvent, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useCovidList, useReferenceList } from '../../catalogs/use-catalog'
import { TRIAGE_CLASSIFICATIONS } from '../../contract/rules/triage-classification'
import { COUGH_SEVERITIES, TRIAGE_STATUSES } from '../../contract/schemas/covid'
import type { LocalCovidConsultation, LocalDb } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { createTriageConsultation } from '../../sync/covid-mutators'
import { currentEngine } from '../../sync/current-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { DateField, TimeField } from '../../ui/DateField'
import { errorAria, Field } from '../../ui/Field'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { useUnits } from '../../ui/unit-preference'
import { VitalSignsFields } from '../../ui/vital-signs/VitalSignsFields'
import { CheckGroup } from './CheckGroup'
import { CLASSIFICATION_NAMES, COUGH_NAMES, STATUS_NAMES } from './covid-texts'
import { ProposalPanel } from './ProposalPanel'
import {
  emptyTriageForm,
  liveProposal,
  parseTriageForm,
  TRIAGE_SIGNS,
  type TriageFormValues,
} from './triage-form-values'

export interface TriageFormProps {
  db: LocalDb
  patientId: string
  /** The patient's birth date: the rule counts the age from it. */
  birthDate: string | null
  /** The patient's last triage, whose vital signs show beside each input. */
  last: LocalCovidConsultation | null
  onSaved: (consultation: LocalCovidConsultation) => void
}

/** A field's label as the form shows it, for the errors' summary. */
function labelOf(form: HTMLFormElement | null, name: string): { id: string; label: string } {
  const element = form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)
  const label =
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
      ? element.labels?.[0]?.textContent
      : null
  return { id: element?.id ?? '', label: label ?? name }
}

/**
 * A COVID triage consultation (SPEC §2 /covid/create/{id}; issue 20): symptoms, the reference
 * lists, vital signs in SPEC §5's ranges, oxygen and consciousness, risk factors, case, status,
 * quarantine and notes. The contract's rule proposes the classification live, with its NEWS2
 * score; the professional may choose another, with a reason, and both are recorded. Saved on the
 * device through the outbox: works with no network.
 */
export function TriageForm({ db, patientId, birthDate, last, onSaved }: TriageFormProps) {
  const { t, i18n } = useLingui()
  const units = useUnits()
  const formRef = useRef<HTMLFormElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const notesId = useId()
  const reasonId = useId()
  const [initial] = useState(() => emptyTriageForm(new Date()))
  const form = useForm<TriageFormValues>({ defaultValues: initial })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const saving = useRef(false)
  const [busy, setBusy] = useState(false)
  const cases = useReferenceList('cases-general') ?? []
  const advancements = useReferenceList('collaborator-advancement') ?? []
  const ruledOutReasons = useReferenceList('reason-ruled-out') ?? []
  const symptoms = useReferenceList('initial-symptoms') ?? []
  const otherSymptoms = useCovidList('other-sintoms') ?? []
  const chronic = useCovidList('chronic-degenerative-diseases') ?? []
  const immunocompromises = useCovidList('immunocompromises') ?? []
  const oxygens = useCovidList('supplemental-oxygens') ?? []
  const consciousness = useCovidList('consciousness-states') ?? []

  const values = form.watch()
  const proposal = liveProposal(values, units, i18n, birthDate, new Date())
  const chosen = values.classification || proposal.classification
  const overridden = chosen !== proposal.classification

  const message = (name: string) => errors[name]
  const options = (items: ReadonlyArray<{ code: string; name: string }>) =>
    items.map((item) => ({ value: item.code, label: item.name }))
  const answers = [
    { value: 'yes', label: t`Sí` },
    { value: 'no', label: t`No` },
  ]
  const jumpTo = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    event.preventDefault()
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)
    element?.focus()
    element?.scrollIntoView({ block: 'center' })
  }

  const save = async (current: TriageFormValues) => {
    if (saving.current) return
    saving.current = true
    setBusy(true)
    setFailure(null)
    try {
      const live = liveProposal(current, units, i18n, birthDate, new Date())
      const parsed = parseTriageForm(patientId, current, units, i18n, live.classification)
      if (parsed.errors) {
        setErrors(parsed.errors)
        requestAnimationFrame(() => summaryRef.current?.focus())
        return
      }
      setErrors({})
      const saved = await createTriageConsultation(db, mutationContext(), parsed.fields)
      notify(t`Triage guardado en este dispositivo`)
      currentEngine()?.loop.kick()
      onSaved(saved)
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      saving.current = false
      setBusy(false)
    }
  }

  const shownErrors = Object.entries(errors)
  return (
    <form
      ref={formRef}
      className="form-card covid-form"
      aria-label={t`Nuevo triage COVID`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save(form.getValues())
      }}
    >
      {shownErrors.length > 0 && (
        <div ref={summaryRef} className="form-errors" role="alert" tabIndex={-1}>
          <p>
            <Trans>Todos los campos obligatorios deben ser llenados</Trans>
          </p>
          <ul>
            {shownErrors.map(([name, text]) => {
              const field = labelOf(formRef.current, name)
              return (
                <li key={name}>
                  <a href={`#${field.id}`} onClick={(event) => jumpTo(event, name)}>
                    {field.label}: {text}
                  </a>
                </li>
              )
            })}
          </ul>
        </div>
      )}
      <fieldset className="form-section">
        <legend>{t`Datos del triage`}</legend>
        <div className="form-grid">
          <DateField label={t`Fecha`} aria-required error={message('date')} {...form.register('date')} />
          <TimeField label={t`Hora`} aria-required error={message('time')} {...form.register('time')} />
          <SelectField
            label={t`Estatus`}
            aria-required
            error={message('status')}
            options={TRIAGE_STATUSES.map((code) => ({ value: code, label: i18n._(STATUS_NAMES[code]) }))}
            {...form.register('status')}
          />
          <SelectField
            label={t`Caso`}
            placeholder={t`Sin definir`}
            error={message('covid_case')}
            options={options(cases)}
            {...form.register('covid_case')}
          />
          {values.covid_case === 'ruled-out' && (
            <SelectField
              label={t`Motivo de descarte`}
              placeholder={t`Selecciona…`}
              error={message('ruled_out_reason')}
              options={options(ruledOutReasons)}
              {...form.register('ruled_out_reason')}
            />
          )}
          <SelectField
            label={t`Situación del colaborador`}
            placeholder={t`Sin definir`}
            error={message('advancement')}
            options={options(advancements)}
            {...form.register('advancement')}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Síntomas`}</legend>
        <CheckGroup
          legend={t`Síntomas iniciales`}
          options={symptoms}
          value={values.symptoms}
          onChange={(codes) => form.setValue('symptoms', codes)}
        />
        <CheckGroup
          legend={t`Otros síntomas`}
          options={otherSymptoms}
          value={values.other_symptoms}
          onChange={(codes) => form.setValue('other_symptoms', codes)}
        />
        <div className="form-grid">
          <DateField
            label={t`Fecha del primer síntoma`}
            error={message('first_symptom_date')}
            {...form.register('first_symptom_date')}
          />
          <SelectField
            label={t`Dificultad para respirar`}
            placeholder={t`Sin dato`}
            options={answers}
            {...form.register('shortness_of_breath')}
          />
          <SelectField
            label={t`Tos`}
            placeholder={t`Sin dato`}
            error={message('cough_severity')}
            options={COUGH_SEVERITIES.map((code) => ({ value: code, label: i18n._(COUGH_NAMES[code]) }))}
            {...form.register('cough_severity')}
          />
        </div>
      </fieldset>
      <VitalSignsFields
        legend={t`Signos vitales`}
        signs={TRIAGE_SIGNS}
        register={(name) => form.register(name)}
        message={message}
        units={units}
        last={last}
        bmiFrom={{ weight: values.vitals.weight_kg ?? '', height: values.vitals.height_m ?? '' }}
      />
      <fieldset className="form-section">
        <legend>{t`Oxigenación y estado de conciencia`}</legend>
        <div className="form-grid">
          <SelectField
            label={t`Oxígeno suplementario`}
            placeholder={t`Sin dato`}
            error={message('supplemental_oxygen')}
            options={options(oxygens)}
            {...form.register('supplemental_oxygen')}
          />
          <SelectField
            label={t`Estado de conciencia`}
            placeholder={t`Sin dato`}
            error={message('consciousness')}
            options={options(consciousness)}
            {...form.register('consciousness')}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Factores de riesgo y antecedentes`}</legend>
        <CheckGroup
          legend={t`Enfermedades crónico-degenerativas`}
          options={chronic}
          value={values.chronic_degenerative_diseases}
          onChange={(codes) => form.setValue('chronic_degenerative_diseases', codes)}
        />
        <CheckGroup
          legend={t`Inmunocompromiso`}
          options={immunocompromises}
          value={values.immunocompromises}
          onChange={(codes) => form.setValue('immunocompromises', codes)}
        />
        <div className="form-grid">
          <SelectField
            label={t`Embarazo`}
            placeholder={t`Sin dato`}
            options={answers}
            {...form.register('pregnancy')}
          />
          <SelectField
            label={t`Recontagio`}
            placeholder={t`Sin dato`}
            options={answers}
            {...form.register('recontagion')}
          />
          <SelectField
            label={t`Vacunado`}
            placeholder={t`Sin dato`}
            options={answers}
            {...form.register('vaccinated')}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Cuarentena`}</legend>
        <div className="form-grid">
          <DateField
            label={t`Inicio de la cuarentena`}
            error={message('quarantine_start_date')}
            {...form.register('quarantine_start_date')}
          />
          <DateField
            label={t`Fin de la cuarentena`}
            error={message('quarantine_end_date')}
            {...form.register('quarantine_end_date')}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Nota de evolución`}</legend>
        <Field id={notesId} label={t`Nota`} error={message('notes')}>
          <textarea
            id={notesId}
            className="field__input covid-form__note"
            rows={4}
            {...errorAria(notesId, message('notes'))}
            {...form.register('notes')}
          />
        </Field>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Clasificación`}</legend>
        <ProposalPanel result={proposal} />
        <div className="form-grid">
          <SelectField
            label={t`Clasificación elegida`}
            error={message('classification')}
            options={TRIAGE_CLASSIFICATIONS.map((code) => ({
              value: code,
              label:
                code === proposal.classification
                  ? t`${i18n._(CLASSIFICATION_NAMES[code])} (propuesta)`
                  : i18n._(CLASSIFICATION_NAMES[code]),
            }))}
            value={chosen}
            name="classification"
            onChange={(event) =>
              form.setValue(
                'classification',
                event.target.value === proposal.classification ? '' : event.target.value,
              )
            }
          />
        </div>
        {overridden && (
          <Field
            id={reasonId}
            label={t`Motivo del cambio de clasificación`}
            error={message('override_reason')}
          >
            <textarea
              id={reasonId}
              className="field__input"
              rows={2}
              aria-required
              {...errorAria(reasonId, message('override_reason'))}
              {...form.register('override_reason')}
            />
          </Field>
        )}
      </fieldset>
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Link className="button" data-variant="secondary" to="/covid/history/$id" params={{ id: patientId }}>
          <Trans>Cancelar</Trans>
        </Link>
        <Button type="submit" loading={busy}>
          <Trans>Guardar triage</Trans>
        </Button>
      </div>
    </form>
  )
}
