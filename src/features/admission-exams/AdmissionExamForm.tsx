import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { admissionExamFiles } from '../../contract/endpoints/admission-exams'
import { missingAdmissionSections } from '../../contract/schemas/admission-exams'
import { clearFormDraft, saveFormDraft } from '../../db/form-drafts'
import type { LocalAdmissionExam, LocalDb, LocalFile } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import {
  type AdmissionExamChanges,
  AdmissionExamRefusal,
  amendAdmissionExam,
  attachToAdmissionExam,
  createAdmissionExam,
  removeAdmissionExamTreatment,
} from '../../sync/admission-exam-mutators'
import { currentEngine } from '../../sync/current-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { RecordFiles } from '../../ui/files/RecordFiles'
import { ErrorSummary, focusField } from '../../ui/form/ErrorSummary'
import { errorMessage } from '../../ui/form/error-message'
import { FormStepper } from '../../ui/form/FormStepper'
import { fieldMessage } from '../../ui/form/field-errors'
import { useDraftAutosave } from '../../ui/form/use-draft-autosave'
import { notify } from '../../ui/notices'
import { useUnits } from '../../ui/unit-preference'
import { type AdmissionDraft, draftKeyOf } from './admission-draft'
import {
  ADMISSION_STEPS,
  type AdmissionFormValues,
  type AdmissionStep,
  admissionFormValues,
  changedFields,
  parseStep,
  savedSteps,
  stepOfField,
  treatmentChanges,
} from './admission-form-values'
import { PERSONAL_NAMES, STEP_NAMES, SYSTEM_NAMES } from './admission-texts'
import { FamilyHistoryStep } from './FamilyHistoryStep'
import { GeneralStep } from './GeneralStep'
import { HygieneHousingStep } from './HygieneHousingStep'
import { LabResultsStep } from './LabResultsStep'
import { NoteFields } from './NoteFields'
import { PhysicalExplorationStep } from './PhysicalExplorationStep'
import { ResultStep } from './ResultStep'
import { TreatmentsStep } from './TreatmentsStep'
import { WorkBackgroundStep } from './WorkBackgroundStep'

export interface AdmissionExamFormProps {
  db: LocalDb
  patientId: string
  /** The patient's birth date (`YYYY-MM-DD`), for the candidate's age on the exam's day. */
  birthDate: string | null
  /** The exam as the device holds it; null until the first step is saved. */
  exam: LocalAdmissionExam | null
  /** The exam's lab files, read with the page's data. */
  files: readonly LocalFile[]
  /** The patient's last recorded vital signs (SI), beside each input. */
  last: Readonly<Record<string, unknown>> | null
  /** The draft kept on this device, read before the form opens. */
  draft: AdmissionDraft | null
  /** The exam's date a new exam starts with (`YYYY-MM-DD`). */
  today: string
  /** The first step saved: the new exam now exists (its page opens). */
  onCreated: (exam: LocalAdmissionExam) => void
  /** The result saved: the exam is whole. */
  onFinished: (exam: LocalAdmissionExam) => void
}

/**
 * The admission (pre-employment) exam as one long form (SPEC §2 /digital-record/medical-exam,
 * issue 22): the exam's data, the seven sections, treatments and the result, each a step. Each
 * step is checked by the contract's schema of its section when the nurse moves on, and saved to
 * the exam through the outbox at once — the first step creates it, every later one amends it
 * (NOM-004, as the server expects) — so it works with no network. Meanwhile whatever is typed is
 * kept on the device as a draft (debounced, on every step change and when the tab hides), so a
 * reload or the tablet sleeping loses nothing; the draft is removed once the result is saved.
 */
export function AdmissionExamForm({
  db,
  patientId,
  birthDate,
  exam,
  files,
  last,
  draft,
  today,
  onCreated,
  onFinished,
}: AdmissionExamFormProps) {
  const { t, i18n } = useLingui()
  const units = useUnits()
  const formRef = useRef<HTMLFormElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const [step, setStep] = useState(() => Math.min(draft?.step ?? 0, ADMISSION_STEPS.length - 1))
  const form = useForm<AdmissionFormValues>({
    defaultValues: draft?.values ?? admissionFormValues(exam, units, today),
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // A draft found on opening is announced, with the way to discard it.
  const [restored, setRestored] = useState(Boolean(draft && !draft.carried))
  const saving = useRef(false)
  // Set once this form has created its exam: the exam's own form takes over from there.
  const created = useRef(false)
  const key = draftKeyOf(patientId, exam?.id)

  // The draft: written a moment after typing pauses, at once on a step change, and when the
  // page hides (the tablet sleeping, the app closed): nothing typed is lost.
  const stepRef = useRef(step)
  stepRef.current = step
  const draftWriter = useDraftAutosave(
    form,
    () => saveFormDraft(db, key, patientId, { step: stepRef.current, values: form.getValues() }),
    created,
  )

  const current = ADMISSION_STEPS[step] ?? 'general'
  const saved = savedSteps(exam)
  const withErrors = new Set(Object.keys(errors).map(stepOfField))
  const missing = exam ? missingAdmissionSections(exam).map((section) => i18n._(STEP_NAMES[section])) : []

  const goTo = (next: number) => {
    setStep(next)
    stepRef.current = next
    void draftWriter.writeNow()
    // The new step starts at its top, where its title is.
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: 'start' }))
  }
  const showErrors = (found: Record<string, string>) => {
    setErrors(found)
    requestAnimationFrame(() => summaryRef.current?.focus())
  }
  /** A link of the errors' summary: to the field's step, then to the field itself. */
  const jumpTo = (name: string) => {
    setStep(ADMISSION_STEPS.indexOf(stepOfField(name)))
    focusField(formRef.current, name)
  }

  /** Saves one step to the exam; false when it has errors (shown) or the save failed. */
  const saveStep = async (which: AdmissionStep): Promise<LocalAdmissionExam | false> => {
    const values = form.getValues()
    const context = { units, i18n, birthDate, exam }
    const parsed = parseStep(which, values, context)
    // A new exam is created with its data (the first step) and the step being saved.
    const general = exam ? null : parseStep('general', values, context)
    const found = { ...(general?.errors ?? {}), ...(parsed.errors ?? {}) }
    if (Object.keys(found).length > 0) {
      showErrors(found)
      return false
    }
    const ctx = mutationContext()
    if (!exam) {
      const { treatments = [], ...fields } = { ...general?.fields, ...parsed.fields }
      const recorded = await createAdmissionExam(db, ctx, {
        patient_id: patientId,
        ...(fields as { examined_on: string }),
        treatments,
      })
      // The draft follows the exam to its own key, on the next step (the exam's page opens
      // there); the new-exam key starts blank next time.
      draftWriter.cancel()
      await saveFormDraft(db, draftKeyOf(patientId, recorded.id), patientId, {
        step: Math.min(stepRef.current + 1, ADMISSION_STEPS.length - 1),
        values: form.getValues(),
        carried: true,
      } satisfies AdmissionDraft)
      await clearFormDraft(db, key)
      created.current = true
      notify(t`Examen guardado en este dispositivo`)
      onCreated(recorded)
      return recorded
    }
    let next: LocalAdmissionExam | null = null
    if (which === 'treatments') {
      const rows = parsed.fields?.treatments ?? []
      const { upserts, removed } = treatmentChanges(exam, rows)
      for (const id of removed) await removeAdmissionExamTreatment(db, ctx, exam.id, id)
      if (upserts.length > 0) next = await amendAdmissionExam(db, ctx, exam.id, { treatments: rows })
      if (removed.length > 0 && !next) next = (await db.admissionExams.get(exam.id)) ?? null
    } else {
      const changes = changedFields(exam, parsed.fields ?? {})
      if (Object.keys(changes).length > 0)
        next = await amendAdmissionExam(
          db,
          ctx,
          exam.id,
          // The fields of one step, each checked by its contract schema above.
          changes as AdmissionExamChanges,
        )
    }
    if (next) notify(t`Paso guardado en este dispositivo`)
    return next ?? exam
  }

  const run = async (which: AdmissionStep, after: (exam: LocalAdmissionExam) => void) => {
    if (saving.current) return
    saving.current = true
    setBusy(true)
    setFailure(null)
    try {
      const result = await saveStep(which)
      if (!result) return
      // This step is clean now; another step's errors stay marked until it is saved in turn.
      setErrors((held) =>
        Object.fromEntries(
          Object.entries(held).filter(
            ([name]) => stepOfField(name) !== which && !(which === 'result' && !name.includes('.')),
          ),
        ),
      )
      currentEngine()?.loop.kick()
      after(result)
    } catch (error) {
      if (error instanceof AdmissionExamRefusal) {
        showErrors(
          Object.fromEntries(error.problems.map(([field, key]) => [field, fieldMessage(key, i18n) ?? ''])),
        )
      } else setFailure(errorMessage(error, i18n))
    } finally {
      saving.current = false
      setBusy(false)
    }
  }

  const onNext = () =>
    void run(current, () => {
      // A new exam's page takes over on its next step; this form no longer writes its draft.
      if (!created.current) goTo(step + 1)
    })
  const onFinish = () =>
    void run('result', async (finished) => {
      draftWriter.cancel()
      await clearFormDraft(db, draftKeyOf(patientId, finished.id))
      onFinished(finished)
    })
  const discardDraft = async () => {
    draftWriter.cancel()
    await clearFormDraft(db, key)
    form.reset(admissionFormValues(exam, units, today))
    setErrors({})
    setRestored(false)
    notify(t`Borrador descartado`)
  }

  const message = (name: string) => errors[name]
  /** A whole section's problem (a result without it) has no input: its step names it. */
  const sectionLabel = (name: string) => i18n._(STEP_NAMES[stepOfField(name)])
  // The summary names this step's errors (and, on the result, the sections it still needs);
  // another step's errors wait there, marked in the stepper.
  const shownErrors = Object.entries(errors).filter(
    ([name]) => stepOfField(name) === current || (current === 'result' && !name.includes('.')),
  )
  const props = { form, message }
  return (
    <form
      ref={formRef}
      className="form-card admission-form"
      aria-label={exam ? t`Editar examen de admisión` : t`Nuevo examen de admisión`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (current === 'result') onFinish()
        else onNext()
      }}
    >
      <FormStepper
        label={t`Pasos del examen`}
        className="admission-steps"
        current={step}
        onSelect={goTo}
        steps={ADMISSION_STEPS.map((name) => ({
          name: i18n._(STEP_NAMES[name]),
          state: withErrors.has(name) ? 'error' : saved.has(name) ? 'done' : 'pending',
        }))}
      />
      <div className="admission-form__progress">
        <progress max={ADMISSION_STEPS.length} value={saved.size} aria-label={t`Pasos completos`} />
        <span>
          <Trans>
            Paso {step + 1} de {ADMISSION_STEPS.length}: {i18n._(STEP_NAMES[current])}. {saved.size} de{' '}
            {ADMISSION_STEPS.length} completos.
          </Trans>
        </span>
      </div>
      <p className="form-hint">
        <Trans>
          Los campos con <span aria-hidden="true">*</span> son obligatorios. Lo escrito se guarda en este
          dispositivo mientras escribes; cada paso se guarda en el examen al pasar al siguiente.
        </Trans>
      </p>
      {restored && draft && (
        <div className="admission-form__restored" role="status">
          <span>
            <Trans>Se recuperó lo escrito en este dispositivo.</Trans>
          </span>
          <Button variant="ghost" onClick={() => void discardDraft()}>
            <Trans>Descartar borrador</Trans>
          </Button>
        </div>
      )}
      <ErrorSummary
        ref={summaryRef}
        heading={<Trans>Revisa los campos marcados antes de continuar</Trans>}
        errors={shownErrors}
        formRef={formRef}
        labelOf={sectionLabel}
        onJump={jumpTo}
      />
      <div className="admission-form__step">
        {current === 'general' && <GeneralStep {...props} />}
        {current === 'family_history' && <FamilyHistoryStep {...props} />}
        {current === 'hygiene_housing' && <HygieneHousingStep {...props} />}
        {current === 'personal_background' && (
          <fieldset className="form-section">
            <legend>{t`Antecedentes personales`}</legend>
            <NoteFields {...props} prefix="personal_background" names={PERSONAL_NAMES} />
          </fieldset>
        )}
        {current === 'work_background' && <WorkBackgroundStep {...props} />}
        {current === 'systems_interrogation' && (
          <fieldset className="form-section">
            <legend>{t`Interrogatorio por aparatos y sistemas`}</legend>
            <NoteFields {...props} prefix="systems_interrogation" names={SYSTEM_NAMES} />
          </fieldset>
        )}
        {current === 'physical_exploration' && (
          <PhysicalExplorationStep {...props} units={units} last={last} />
        )}
        {current === 'lab_results' && (
          <>
            <LabResultsStep {...props} />
            {exam ? (
              <RecordFiles
                db={db}
                owner={admissionExamFiles}
                ownerId={exam.id}
                attach={(id, ready) => attachToAdmissionExam(db, mutationContext(), id, ready)}
                files={files}
                title={t`Archivos de resultados`}
                texts={{
                  savedHint: t`PDF, PNG o JPG (reportes, audiometrías, radiografías). Cada archivo se guarda en este dispositivo al elegirlo.`,
                  unsavedHint: '',
                  listName: t`Archivos del examen`,
                  pickedListName: t`Archivos por guardar con el examen`,
                  empty: t`Este examen no tiene archivos.`,
                  removeQuestion: (name) =>
                    t`¿Quitar ${name} del examen? El expediente conserva el registro de que existió.`,
                }}
              />
            ) : (
              <p className="form-hint">
                <Trans>Los archivos de resultados se adjuntan una vez guardado el primer paso.</Trans>
              </p>
            )}
          </>
        )}
        {current === 'treatments' && <TreatmentsStep {...props} />}
        {current === 'result' && <ResultStep {...props} missing={missing} />}
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions admission-form__actions">
        <Link className="button" data-variant="ghost" to="/patients/record/$id" params={{ id: patientId }}>
          <Trans>Salir</Trans>
        </Link>
        {step > 0 && (
          <Button variant="secondary" onClick={() => goTo(step - 1)}>
            <Trans>Anterior</Trans>
          </Button>
        )}
        {current === 'result' ? (
          <Button type="submit" loading={busy}>
            <Trans>Guardar examen</Trans>
          </Button>
        ) : (
          <Button type="submit" loading={busy}>
            <Trans>Guardar y continuar</Trans>
          </Button>
        )}
      </div>
    </form>
  )
}
