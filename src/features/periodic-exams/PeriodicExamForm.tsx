import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { dateTextToIso, isDateText } from '../../contract/rules/formats'
import { nextExamDue } from '../../contract/rules/periodic-exam-due'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import type { LocalDb, LocalFile, LocalPeriodicExam } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import type { PreparedFile } from '../../sync/file-mutators'
import {
  amendPeriodicExam,
  createPeriodicExam,
  removePeriodicExamClinicalExam,
} from '../../sync/periodic-exam-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { DateField } from '../../ui/DateField'
import { errorMessage } from '../../ui/form/error-message'
import { formatDate } from '../../ui/format-date'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { TextAreaField } from '../../ui/TextAreaField'
import { TextField } from '../../ui/TextField'
import { ExposureComparison } from './ExposureComparison'
import {
  emptyClinicalExamRow,
  emptyPeriodicExamForm,
  formOfExam,
  localDay,
  type PeriodicExamFormValues,
  parsePeriodicExamForm,
} from './periodic-exam-form-values'
import { AGENT_NAMES, CONDITION_NAMES } from './periodic-exam-texts'
import { HeldResultFiles, ResultFilePicker } from './ResultFiles'

export interface PeriodicExamFormProps {
  db: LocalDb
  patientId: string
  /** The patient's `exam_frequency` code: the next due date follows it. */
  frequency: string | null
  /** The exam amended; none for a new one. */
  exam: LocalPeriodicExam | null
  /** The exam before this one: its exposures are shown beside the form's. */
  previous: LocalPeriodicExam | null
  /** Every cached clinical exam of the catalogue (inactive ones too: a recorded row keeps its own). */
  clinicalExams: readonly CatalogueEntry[]
  /** The amended exam's files, by clinical exam row. */
  files: ReadonlyMap<string, LocalFile[]>
  onSaved: (exam: LocalPeriodicExam) => void
}

/**
 * A periodic exam (SPEC §2 create and edit, §3, §4; issue 22): its day, the clinical exams
 * performed — each from the tenant's `clinicalExam` catalogue with its result and files (PDF or
 * images, picked or photographed) — the condition rating with observations and recommendations,
 * and the occupational exposures with their years beside the previous exam's, so a change shows.
 * The next exam's day follows from the patient's frequency as the rule computes it. Saved on the
 * device through the outbox (works with no network); an amendment keeps the exam as it was on the
 * server (NOM-004) and removes rows with their own call.
 */
export function PeriodicExamForm({
  db,
  patientId,
  frequency,
  exam,
  previous,
  clinicalExams,
  files,
  onSaved,
}: PeriodicExamFormProps) {
  const { t, i18n } = useLingui()
  const [initial] = useState(() => (exam ? formOfExam(exam) : emptyPeriodicExamForm(new Date(), previous)))
  const form = useForm<PeriodicExamFormValues>({ defaultValues: initial })
  const rows = useFieldArray({ control: form.control, name: 'clinical_exams', keyName: 'key' })
  const [picked, setPicked] = useState<Record<string, PreparedFile[]>>({})
  const [removed, setRemoved] = useState<string[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const saving = useRef(false)
  const summaryId = useId()
  const values = form.watch()
  const message = (name: string) => errors[name]
  const nameOf = (id: string) => clinicalExams.find((entry) => entry.id === id)?.name ?? ''
  const chosen = new Set(values.clinical_exams.map((row) => row.clinical_exam_id))

  const examDay = values.examined_on.trim()
  const nextDue = isDateText(examDay) ? nextExamDue(dateTextToIso(examDay), frequency) : null

  const save = async () => {
    if (saving.current) return
    saving.current = true
    setBusy(true)
    setFailure(null)
    try {
      const parsed = parsePeriodicExamForm(form.getValues(), i18n, localDay(new Date()))
      if (parsed.errors) {
        setErrors(parsed.errors)
        requestAnimationFrame(() => document.getElementById(summaryId)?.focus())
        return
      }
      setErrors({})
      const ctx = mutationContext()
      let saved: LocalPeriodicExam
      if (exam) {
        for (const rowId of removed) await removePeriodicExamClinicalExam(db, ctx, exam.id, rowId)
        saved = (await amendPeriodicExam(db, ctx, exam.id, parsed.fields, picked)) ?? exam
      } else {
        saved = await createPeriodicExam(db, ctx, { ...parsed.fields, patient_id: patientId }, picked)
      }
      notify(
        exam ? t`Corrección guardada en este dispositivo` : t`Examen periódico guardado en este dispositivo`,
      )
      currentEngine()?.loop.kick()
      onSaved(saved)
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      saving.current = false
      setBusy(false)
    }
  }

  const removeRow = (index: number) => {
    const row = values.clinical_exams[index]
    if (row?.held) setRemoved((held) => [...held, row.id])
    if (row) setPicked(({ [row.id]: _, ...rest }) => rest)
    rows.remove(index)
  }

  return (
    <form
      className="form-card periodic-exam-form"
      aria-label={exam ? t`Corregir examen periódico` : t`Nuevo examen periódico`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      {Object.keys(errors).length > 0 && (
        <div id={summaryId} className="form-errors" role="alert" tabIndex={-1}>
          <p>
            <Trans>Revisa los campos marcados.</Trans>
          </p>
        </div>
      )}
      <fieldset className="form-section">
        <legend>{t`Examen`}</legend>
        <div className="form-grid">
          <DateField
            label={t`Fecha del examen`}
            aria-required
            error={message('examined_on')}
            {...form.register('examined_on')}
          />
          <SelectField
            label={t`Calificación`}
            aria-required
            placeholder={t`Selecciona…`}
            error={message('condition')}
            name="condition"
            value={values.condition}
            onChange={(event) =>
              form.setValue('condition', event.target.value as PeriodicExamFormValues['condition'])
            }
            options={(['compliant', 'fails'] as const).map((code) => ({
              value: code,
              label: i18n._(CONDITION_NAMES[code]),
            }))}
          />
        </div>
        <p className="periodic-exam-form__next" aria-live="polite">
          <Trans>Próximo examen:</Trans> <strong>{nextDue ? formatDate(nextDue) : '—'}</strong>
        </p>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t`Exámenes clínicos realizados`}</legend>
        {rows.fields.length === 0 && (
          <p className="form-hint">
            <Trans>Agrega cada examen clínico realizado con su resultado y sus archivos.</Trans>
          </p>
        )}
        <ol className="periodic-exam-form__rows">
          {rows.fields.map((field, index) => {
            const row = values.clinical_exams[index] ?? field
            const rowName = nameOf(row.clinical_exam_id) || t`Examen clínico ${index + 1}`
            const offered = clinicalExams.filter(
              (entry) =>
                entry.id === row.clinical_exam_id || (entry.active !== false && !chosen.has(entry.id)),
            )
            return (
              <li key={field.key} className="periodic-exam-form__row">
                {row.held ? (
                  // The catalogue entry of a recorded result does not change (remove it and add another).
                  <TextField label={t`Examen clínico`} readOnly value={nameOf(row.clinical_exam_id)} />
                ) : (
                  <SelectField
                    label={t`Examen clínico`}
                    aria-required
                    placeholder={t`Selecciona…`}
                    error={message(`clinical_exams.${index}.clinical_exam_id`)}
                    name={`clinical_exams.${index}.clinical_exam_id`}
                    value={row.clinical_exam_id}
                    onChange={(event) =>
                      form.setValue(`clinical_exams.${index}.clinical_exam_id`, event.target.value)
                    }
                    options={offered.map((entry) => ({ value: entry.id, label: entry.name }))}
                  />
                )}
                <TextAreaField
                  label={t`Resultado`}
                  rows={2}
                  error={message(`clinical_exams.${index}.result`)}
                  {...form.register(`clinical_exams.${index}.result`)}
                />
                <HeldResultFiles db={db} files={files.get(row.id) ?? []} removable={exam !== null} />
                <ResultFilePicker
                  label={rowName}
                  picked={picked[row.id] ?? []}
                  onPickedChange={(update) =>
                    setPicked((held) => ({ ...held, [row.id]: update(held[row.id] ?? []) }))
                  }
                />
                <Button variant="ghost" onClick={() => removeRow(index)}>
                  <Trans>Quitar examen clínico</Trans>
                  <span className="visually-hidden"> {rowName}</span>
                </Button>
              </li>
            )
          })}
        </ol>
        {message('clinical_exams') && (
          <p className="field__error" role="alert">
            {message('clinical_exams')}
          </p>
        )}
        <Button variant="secondary" onClick={() => rows.append(emptyClinicalExamRow())}>
          <Trans>Agregar examen clínico</Trans>
        </Button>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t`Exposiciones laborales`}</legend>
        <div className="periodic-exam-form__exposures">
          <ul className="periodic-exam-form__agents">
            {values.exposures.map((exposure, index) => (
              <li key={exposure.agent} className="periodic-exam-form__agent">
                <Checkbox
                  label={i18n._(AGENT_NAMES[exposure.agent])}
                  name={`exposures.${index}.checked`}
                  checked={exposure.checked}
                  onCheckedChange={(checked) => form.setValue(`exposures.${index}.checked`, checked)}
                />
                {exposure.checked && (
                  <div className="form-grid">
                    <TextField
                      label={
                        <>
                          {t`Años de exposición`}
                          <span className="visually-hidden"> {i18n._(AGENT_NAMES[exposure.agent])}</span>
                        </>
                      }
                      inputMode="numeric"
                      aria-required
                      error={message(`exposures.${index}.years`)}
                      {...form.register(`exposures.${index}.years`)}
                    />
                    <TextField
                      label={
                        <>
                          {t`Detalle`}
                          <span className="visually-hidden"> {i18n._(AGENT_NAMES[exposure.agent])}</span>
                        </>
                      }
                      error={message(`exposures.${index}.notes`)}
                      {...form.register(`exposures.${index}.notes`)}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
          <ExposureComparison previous={previous} current={values.exposures} />
        </div>
        {message('exposures') && (
          <p className="field__error" role="alert">
            {message('exposures')}
          </p>
        )}
      </fieldset>

      <fieldset className="form-section">
        <legend>{t`Valoración`}</legend>
        <TextAreaField
          label={t`Observaciones`}
          error={message('observations')}
          {...form.register('observations')}
        />
        <TextAreaField
          label={t`Recomendaciones`}
          error={message('recommendations')}
          {...form.register('recommendations')}
        />
      </fieldset>
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Link
          className="button"
          data-variant="secondary"
          to={exam ? '/digital-record/periodic-exams/view/$patientId/$id' : '/digital-record/periodic-exams'}
          params={exam ? { patientId, id: exam.id } : {}}
        >
          <Trans>Cancelar</Trans>
        </Link>
        <Button type="submit" loading={busy}>
          {exam ? <Trans>Guardar corrección</Trans> : <Trans>Guardar examen</Trans>}
        </Button>
      </div>
    </form>
  )
}
