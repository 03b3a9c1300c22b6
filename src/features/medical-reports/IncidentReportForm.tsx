import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { incidentReportFiles } from '../../contract/endpoints/incident-reports'
import type { IncidentReportField, IncidentReportPrefill } from '../../contract/schemas/incident-reports'
import { clearFormDraft, saveFormDraft } from '../../db/form-drafts'
import type { LocalDb, LocalFile, LocalIncidentReport } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import type { PreparedFile } from '../../sync/file-mutators'
import { INCIDENT_REPORT } from '../../sync/medical-report-kinds'
import { amendReport, createReport, ReportRefusal } from '../../sync/medical-report-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { ErrorSummary, focusField } from '../../ui/form/ErrorSummary'
import { errorMessage } from '../../ui/form/error-message'
import { FormStepper, type StepState } from '../../ui/form/FormStepper'
import { fieldMessage } from '../../ui/form/field-errors'
import { useDraftAutosave } from '../../ui/form/use-draft-autosave'
import { notify } from '../../ui/notices'
import {
  AccidentStep,
  AttentionStep,
  EmployerStep,
  QualificationStep,
  WorkerStep,
} from './IncidentReportSteps'
import { type IncidentReportDraft, incidentReportDraftKey } from './incident-report-draft'
import {
  changedFields,
  errorsOfStep,
  formOfIncidentReport,
  INCIDENT_REPORT_STEPS,
  type IncidentReportFormValues,
  newIncidentReportForm,
  parseIncidentReportForm,
  stepOfField,
} from './incident-report-form-values'
import { FIELD_NAMES, PART_FIELD_NAMES, STEP_NAMES } from './incident-report-texts'
import { ReportFiles } from './ReportFiles'

export interface IncidentReportFormProps {
  db: LocalDb
  patientId: string
  /** The report amended; null for a new one. */
  report: LocalIncidentReport | null
  /** The employer, the worker and the disabilities to link, worked out on the device. */
  prefill: IncidentReportPrefill
  /** The report's files, read with the page's data. */
  files: readonly LocalFile[]
  /** The draft kept on this device, read before the form opens. */
  draft: IncidentReportDraft | null
  /** The device's day (YYYY-MM-DD) and time (HH:MM): a new report's first attention. */
  today: string
  now: string
  onSaved: (report: LocalIncidentReport) => void
}

/**
 * The ST-7 (IMSS "Aviso de atención médica y calificación de probable accidente de trabajo") as
 * one form in the IMSS form's five parts, one step each; any step a tap away. "Continuar" checks
 * the step shown, the save checks them all by the contract's create schema and lists what is
 * wrong with links to the fields. What is typed is kept on the device as a draft (decision 0029),
 * so a reload or the tablet sleeping loses nothing; the save creates the report — or amends the
 * fields that changed (NOM-004) — through the outbox, with no network, and removes the draft.
 */
export function IncidentReportForm({
  db,
  patientId,
  report,
  prefill,
  files,
  draft,
  today,
  now,
  onSaved,
}: IncidentReportFormProps) {
  const { t, i18n } = useLingui()
  const formRef = useRef<HTMLFormElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const initial = () => (report ? formOfIncidentReport(report) : newIncidentReportForm(prefill, today, now))
  const form = useForm<IncidentReportFormValues>({ defaultValues: draft?.values ?? initial() })
  const last = INCIDENT_REPORT_STEPS.length - 1
  const [step, setStep] = useState(() => Math.min(draft?.step ?? 0, last))
  const [errors, setErrors] = useState<Record<string, string>>({})
  // The steps "Continuar" found right: marked done until a save finds them wrong.
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set())
  const [picked, setPicked] = useState<PreparedFile[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [restored, setRestored] = useState(draft !== null)
  const saved = useRef(false)
  const key = incidentReportDraftKey(patientId, report?.id)

  const stepRef = useRef(step)
  stepRef.current = step
  const draftWriter = useDraftAutosave(
    form,
    () =>
      saveFormDraft(db, key, patientId, {
        step: stepRef.current,
        values: form.getValues(),
      } satisfies IncidentReportDraft),
    saved,
  )

  // The tenant's settings may reach the device after the form opened (the first sign-in's pull):
  // a new report's employer, still blank, takes them when they come.
  const { business_name, employer_registration, address } = prefill.employer
  useEffect(() => {
    if (report || !business_name) return
    const held = form.getValues('employer')
    if (held.business_name || held.employer_registration || held.address) return
    form.setValue('employer', { business_name, employer_registration, address })
  }, [report, form, business_name, employer_registration, address])

  const current = INCIDENT_REPORT_STEPS[step] ?? 'employer'
  const withErrors = new Set(Object.keys(errors).map(stepOfField))
  const goTo = (next: number) => {
    setStep(next)
    stepRef.current = next
    void draftWriter.writeNow()
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ block: 'start' }))
  }
  const showErrors = (found: Record<string, string>) => {
    setErrors(found)
    requestAnimationFrame(() => summaryRef.current?.focus())
  }
  const jumpTo = (name: string) => {
    setStep(INCIDENT_REPORT_STEPS.indexOf(stepOfField(name)))
    focusField(formRef.current, name)
  }

  const onContinue = () => {
    const parsed = parseIncidentReportForm(form.getValues(), i18n)
    const found = errorsOfStep(parsed.errors ?? {}, current)
    // This step's errors replace its old ones; another step's wait for its own turn or the save.
    const others = Object.fromEntries(
      Object.entries(errors).filter(([name]) => stepOfField(name) !== current),
    )
    if (Object.keys(found).length > 0) {
      showErrors({ ...others, ...found })
      return
    }
    setErrors(others)
    setChecked((held) => new Set(held).add(step))
    goTo(step + 1)
  }

  const save = async () => {
    const parsed = parseIncidentReportForm(form.getValues(), i18n)
    if (parsed.errors) {
      showErrors(parsed.errors)
      // The first step with an error opens, its field named first in the summary.
      const first = Math.min(
        ...Object.keys(parsed.errors).map((name) => INCIDENT_REPORT_STEPS.indexOf(stepOfField(name))),
      )
      if (first !== step) setStep(first)
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      const ctx = mutationContext()
      let result: LocalIncidentReport
      if (report) {
        const changes = changedFields(report, parsed.fields)
        const amended =
          Object.keys(changes).length > 0
            ? await amendReport(db, ctx, INCIDENT_REPORT, report.id, changes)
            : null
        notify(amended ? t`Cambios guardados en este dispositivo` : t`No hubo cambios`)
        result = amended ?? report
      } else {
        result = await createReport(
          db,
          ctx,
          INCIDENT_REPORT,
          { ...parsed.fields, patient_id: patientId },
          { files: picked.map((file) => ({ owner: incidentReportFiles, file })) },
        )
        notify(t`ST-7 guardado en este dispositivo`)
      }
      saved.current = true
      draftWriter.cancel()
      await clearFormDraft(db, key)
      currentEngine()?.loop.kick()
      onSaved(result)
    } catch (error) {
      if (error instanceof ReportRefusal) {
        showErrors(
          Object.fromEntries(
            error.problems.map((problem) => [problem.field, fieldMessage(problem.message, i18n) ?? '']),
          ),
        )
      } else setFailure(errorMessage(error, i18n))
    } finally {
      setBusy(false)
    }
  }

  const discardDraft = async () => {
    draftWriter.cancel()
    await clearFormDraft(db, key)
    form.reset(initial())
    setErrors({})
    setChecked(new Set())
    setRestored(false)
    notify(t`Borrador descartado`)
  }

  const stateOf = (index: number, name: (typeof INCIDENT_REPORT_STEPS)[number]): StepState =>
    withErrors.has(name) ? 'error' : checked.has(index) ? 'done' : 'pending'
  const props = { form, message: (name: string) => errors[name] }
  /** A field not on screen (another step's) is named in the summary as its label reads. */
  const labelOf = (name: string) => {
    if (name === 'diagnosis_code') return t`Buscar diagnóstico (CIE-10)`
    const label = PART_FIELD_NAMES[name] ?? FIELD_NAMES[name as IncidentReportField]
    return label ? i18n._(label) : i18n._(STEP_NAMES[stepOfField(name)])
  }
  const title = report ? t`Editar ST-7` : t`Nuevo ST-7`
  return (
    <form
      ref={formRef}
      className="form-card incident-report-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (step === last) void save()
        else onContinue()
      }}
    >
      <FormStepper
        label={t`Partes del ST-7`}
        current={step}
        onSelect={goTo}
        steps={INCIDENT_REPORT_STEPS.map((name, index) => ({
          name: i18n._(STEP_NAMES[name]),
          state: stateOf(index, name),
        }))}
      />
      <p className="form-hint">
        <Trans>
          Los campos con <span aria-hidden="true">*</span> son obligatorios. Lo escrito se guarda en este
          dispositivo mientras escribes.
        </Trans>
      </p>
      {restored && (
        <div className="incident-report-form__restored" role="status">
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
        heading={<Trans>Revisa los campos marcados</Trans>}
        errors={Object.entries(errors).sort(
          ([a], [b]) =>
            INCIDENT_REPORT_STEPS.indexOf(stepOfField(a)) - INCIDENT_REPORT_STEPS.indexOf(stepOfField(b)),
        )}
        formRef={formRef}
        labelOf={labelOf}
        onJump={jumpTo}
      />
      <div className="incident-report-form__step">
        {current === 'employer' && <EmployerStep {...props} />}
        {current === 'worker' && <WorkerStep {...props} />}
        {current === 'accident' && <AccidentStep {...props} />}
        {current === 'attention' && <AttentionStep {...props} disabilities={prefill.disabilities} />}
        {current === 'qualification' && (
          <>
            <QualificationStep {...props} />
            <ReportFiles
              db={db}
              kind={INCIDENT_REPORT}
              owner={incidentReportFiles}
              reportId={report?.id}
              files={report ? files : undefined}
              picked={picked}
              onPickedChange={setPicked}
              title={t`Archivos del ST-7`}
            />
          </>
        )}
      </div>
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions incident-report-form__actions">
        <Link className="button" data-variant="ghost" to="/patients/record/$id" params={{ id: patientId }}>
          <Trans>Salir</Trans>
        </Link>
        {step > 0 && (
          <Button variant="secondary" onClick={() => goTo(step - 1)}>
            <Trans>Anterior</Trans>
          </Button>
        )}
        {step < last && (
          <Button variant={report ? 'secondary' : 'primary'} onClick={onContinue}>
            <Trans>Continuar</Trans>
          </Button>
        )}
        {/* An amendment may be saved from any step: it rarely touches them all. */}
        {(step === last || report) && (
          <Button loading={busy} onClick={() => void save()}>
            {report ? <Trans>Guardar cambios</Trans> : <Trans>Guardar ST-7</Trans>}
          </Button>
        )}
      </div>
    </form>
  )
}
