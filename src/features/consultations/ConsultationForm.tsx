import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { type MouseEvent, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useCatalogueEntries, useCatalogueOptions } from '../../catalogs/use-catalog'
import { ENCOUNTER_MODALITIES, ENCOUNTER_TYPES } from '../../contract/schemas/encounters'
import type { LocalDb, LocalEncounter, LocalFile } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { createEncounter, updateEncounter } from '../../sync/encounter-mutators'
import type { PreparedFile } from '../../sync/file-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { MODALITY_NAMES, TYPE_NAMES } from '../../ui/consultation-names'
import { DateField, TimeField } from '../../ui/DateField'
import { errorAria, Field } from '../../ui/Field'
import { errorMessage } from '../../ui/form/error-message'
import { FormSelect } from '../../ui/form/FormSelect'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { TextField } from '../../ui/TextField'
import { useUnits } from '../../ui/unit-preference'
import { VitalSignsFields } from '../../ui/vital-signs/VitalSignsFields'
import { ConsultationFiles } from './ConsultationFiles'
import {
  type ConsultationFormValues,
  changedFields,
  consultationFormValues,
  parseConsultationForm,
} from './consultation-form-values'
import { DiagnosesFields } from './DiagnosesFields'

export interface ConsultationFormProps {
  db: LocalDb
  patientId: string
  /** The consultation being amended; none records a new one. */
  encounter?: LocalEncounter
  /** The patient's last vital signs, shown beside each input. */
  last: LocalEncounter | null
  /** The recorded consultation's files, read with the page's data. */
  files?: readonly LocalFile[]
  /** After a save: the consultation as the device now holds it. */
  onSaved: (encounter: LocalEncounter) => void
}

const NOTES = ['subjective', 'objective', 'analysis', 'plan'] as const

/** A field's label as the form shows it, for the errors' summary. */
function labelOf(form: HTMLFormElement | null, name: string): { id: string; label: string } {
  const element = form?.querySelector<HTMLInputElement>(`[name="${CSS.escape(name)}"]`)
  return { id: element?.id ?? '', label: element?.labels?.[0]?.textContent ?? name }
}

/**
 * A medical consultation (SPEC §2 medical-consultation create and edit): its data, vital signs,
 * diagnoses and SOAP notes in sections that stack on a phone, checked on the device by the
 * contract's own schema and written through the outbox (works with no network). An amendment
 * queues only the fields that changed; the server keeps the note as it was (NOM-004).
 */
export function ConsultationForm({
  db,
  patientId,
  encounter,
  last,
  files: recorded,
  onSaved,
}: ConsultationFormProps) {
  const { t, i18n } = useLingui()
  const units = useUnits()
  const formRef = useRef<HTMLFormElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const noteId = useId()
  const [initial] = useState(() => consultationFormValues(encounter, units, new Date()))
  const form = useForm<ConsultationFormValues>({ defaultValues: initial })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  // SPEC §4: the save flag. Set while a save runs (a second press does nothing), false again
  // after the save and after a failed one. A ref, so that two presses in one frame see it.
  const saving = useRef(false)
  const [busy, setBusy] = useState(false)
  // A new consultation's attachments, saved with it in one transaction (the form is remounted
  // for each consultation, so they never outlive it).
  const [files, setFiles] = useState<PreparedFile[]>([])
  const reasons = useCatalogueOptions('consultReason') ?? []
  const allReasons = useCatalogueEntries('consultReason') ?? []
  const modality = form.watch('modality')

  const message = (name: string) => errors[name]
  const showErrors = (found: Record<string, string>) => {
    setErrors(found)
    requestAnimationFrame(() => summaryRef.current?.focus())
  }
  const jumpTo = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    event.preventDefault()
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)
    element?.focus()
    element?.scrollIntoView({ block: 'center' })
  }

  const save = async (values: ConsultationFormValues) => {
    if (saving.current) return
    saving.current = true
    setBusy(true)
    setFailure(null)
    try {
      const parsed = parseConsultationForm(
        patientId,
        values,
        units,
        i18n,
        encounter ? { encounter, values: initial } : undefined,
      )
      if (parsed.errors) {
        showErrors(parsed.errors)
        return
      }
      setErrors({})
      let saved: LocalEncounter | null
      if (encounter) {
        saved = await updateEncounter(
          db,
          mutationContext(),
          encounter.id,
          changedFields(encounter, parsed.fields),
        )
        notify(saved ? t`Cambios guardados en este dispositivo` : t`No hubo cambios`)
      } else {
        saved = await createEncounter(db, mutationContext(), parsed.fields, files)
        notify(t`Consulta guardada en este dispositivo`)
      }
      currentEngine()?.loop.kick()
      onSaved(saved ?? (encounter as LocalEncounter))
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      saving.current = false
      setBusy(false)
    }
  }

  const reasonHeld = form.getValues('reason_id')
  const reasonOptions = reasons.map((reason) => ({ value: reason.id, label: reason.name }))
  // A consultation keeps its reason after the catalogue retires it: still shown by its name.
  const retired = reasonHeld
    ? allReasons.find((reason) => reason.id === reasonHeld && !reason.active)
    : undefined
  if (retired) reasonOptions.push({ value: retired.id, label: retired.name })
  const shownErrors = Object.entries(errors)
  const title = encounter ? t`Editar consulta` : t`Nueva consulta`
  return (
    <form
      ref={formRef}
      className="form-card consultation-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save(form.getValues())
      }}
    >
      <p className="form-hint">
        <Trans>
          Los campos con <span aria-hidden="true">*</span> son obligatorios.
        </Trans>
      </p>
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
        <legend>{t`Datos de la consulta`}</legend>
        <div className="form-grid">
          <SelectField
            label={t`Tipo de consulta`}
            aria-required
            error={message('type')}
            options={ENCOUNTER_TYPES.map((type) => ({ value: type, label: i18n._(TYPE_NAMES[type]) }))}
            {...form.register('type')}
          />
          <DateField label={t`Fecha`} aria-required error={message('date')} {...form.register('date')} />
          <TimeField label={t`Hora`} aria-required error={message('time')} {...form.register('time')} />
          <SelectField
            label={t`Modalidad`}
            aria-required
            error={message('modality')}
            options={ENCOUNTER_MODALITIES.map((code) => ({
              value: code,
              label: i18n._(MODALITY_NAMES[code]),
            }))}
            {...form.register('modality')}
          />
          {modality === 'remote' && (
            <TextField
              label={t`Duración de la llamada`}
              aria-required
              inputMode="numeric"
              autoComplete="off"
              placeholder="HH:MM"
              maxLength={8}
              error={message('call_duration')}
              {...form.register('call_duration')}
            />
          )}
          <FormSelect
            bind={form}
            name="reason_id"
            label={t`Motivo de consulta`}
            aria-required
            placeholder={t`Selecciona…`}
            error={message('reason_id')}
            options={reasonOptions}
          />
        </div>
      </fieldset>
      <VitalSignsFields
        register={(name) => form.register(name)}
        message={message}
        units={units}
        last={last}
        bmiFrom={{ weight: form.watch('vitals.weight_kg'), height: form.watch('vitals.height_m') }}
      />
      <DiagnosesFields form={form} message={message} />
      <fieldset className="form-section">
        <legend>{t`Nota SOAP`}</legend>
        <div className="form-grid">
          {NOTES.map((note) => {
            const id = `${noteId}-${note}`
            const labels = {
              subjective: t`Subjetivo`,
              objective: t`Objetivo`,
              analysis: t`Análisis`,
              plan: t`Plan`,
            }
            return (
              <Field key={note} id={id} label={labels[note]} error={message(note)}>
                <textarea
                  id={id}
                  className="field__input consultation-form__note"
                  rows={4}
                  {...errorAria(id, message(note))}
                  {...form.register(note)}
                />
              </Field>
            )
          })}
        </div>
      </fieldset>
      <ConsultationFiles
        db={db}
        encounterId={encounter?.id}
        files={recorded}
        picked={files}
        onPickedChange={setFiles}
      />
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Link
          className="button"
          data-variant="secondary"
          to="/patients/record/$id"
          params={{ id: patientId }}
        >
          <Trans>Cancelar</Trans>
        </Link>
        <Button type="submit" loading={busy}>
          <Trans>Guardar consulta</Trans>
        </Button>
      </div>
    </form>
  )
}
