import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { shortHistoryFiles } from '../../contract/endpoints/short-histories'
import { isoToDateText } from '../../contract/rules/formats'
import {
  CreateShortHistoryRequest,
  SHORT_HISTORY_TYPES,
  type ShortHistoryType,
} from '../../contract/schemas/short-histories'
import type { LocalDb, LocalFile, LocalShortHistory } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import type { PreparedFile } from '../../sync/file-mutators'
import { SHORT_HISTORY } from '../../sync/medical-report-kinds'
import { amendReport, createReport } from '../../sync/medical-report-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { DateField } from '../../ui/DateField'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { TextAreaField } from '../../ui/TextAreaField'
import { TextField } from '../../ui/TextField'
import { useUnits } from '../../ui/unit-preference'
import { VitalSignsFields } from '../../ui/vital-signs/VitalSignsFields'
import { ReportFiles } from './ReportFiles'
import {
  checkReport,
  dayText,
  refusalErrors,
  type TypedVitals,
  textOrNull,
  typedDay,
  typedVitals,
} from './report-form'
import { SHORT_HISTORY_FIELD_NAMES, SHORT_HISTORY_TYPE_NAMES } from './report-texts'

/** The history's free texts, in the order a history is taken. */
const HISTORY_TEXTS = [
  'family_history',
  'personal_history',
  'occupational_history',
  'current_condition',
  'physical_exploration',
] as const
const ASSESSMENT_TEXTS = ['impression', 'plan'] as const
type TextName = (typeof HISTORY_TEXTS)[number] | (typeof ASSESSMENT_TEXTS)[number]

interface ShortHistoryFormValues extends Record<TextName, string> {
  type: ShortHistoryType | ''
  /** YYYY/MM/DD as typed (SPEC §9). */
  recorded_on: string
  reason: string
  vitals: TypedVitals
}

const two = (n: number) => String(n).padStart(2, '0')
const today = (now: Date) => `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`

function valuesOf(
  history: LocalShortHistory | null,
  units: ReturnType<typeof useUnits>,
): ShortHistoryFormValues {
  const text = (name: TextName) => (history?.[name] as string | null | undefined) ?? ''
  return {
    type: history?.type ?? '',
    recorded_on: history ? dayText(history.recorded_on) : isoToDateText(today(new Date())),
    reason: history?.reason ?? '',
    ...(Object.fromEntries(
      [...HISTORY_TEXTS, ...ASSESSMENT_TEXTS].map((name) => [name, text(name)]),
    ) as Record<TextName, string>),
    vitals: typedVitals(history, units),
  }
}

export interface ShortHistoryFormProps {
  db: LocalDb
  patientId: string
  /** The history amended; none for a new one. */
  history: LocalShortHistory | null
  /** The amended history's files. */
  files: readonly LocalFile[]
  /** The patient's last recorded vital signs, shown under each input for comparison. */
  last: Readonly<Record<string, unknown>> | null
  onSaved: (history: LocalShortHistory) => void
}

/**
 * A short clinical history (SPEC §2 `/clinical-history` create and edit, §3; issue 23): its type,
 * day and reason, the history's texts, the vital signs (in this device's units, the patient's last
 * beside each), the impression and plan, and its files (PDF, PNG or JPG). Saved on the device
 * through the outbox (works with no network); an amendment keeps the history as it was on the
 * server (NOM-004).
 */
export function ShortHistoryForm({ db, patientId, history, files, last, onSaved }: ShortHistoryFormProps) {
  const { t, i18n } = useLingui()
  const units = useUnits()
  const [initial] = useState(() => valuesOf(history, units))
  const form = useForm<ShortHistoryFormValues>({ defaultValues: initial })
  const [picked, setPicked] = useState<PreparedFile[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const saving = useRef(false)
  const summaryId = useId()
  const message = (name: string) => errors[name]
  const label = (name: keyof typeof SHORT_HISTORY_FIELD_NAMES) => i18n._(SHORT_HISTORY_FIELD_NAMES[name])
  const title = history ? t`Corregir historia clínica breve` : t`Nueva historia clínica breve`

  const showErrors = (found: Record<string, string>) => {
    setErrors(found)
    requestAnimationFrame(() => document.getElementById(summaryId)?.focus())
  }

  const save = async () => {
    if (saving.current) return
    saving.current = true
    setBusy(true)
    setFailure(null)
    try {
      const values = form.getValues()
      const parsed = checkReport(
        CreateShortHistoryRequest,
        {
          patient_id: patientId,
          type: values.type,
          recorded_on: typedDay(values.recorded_on),
          reason: values.reason,
          ...Object.fromEntries(
            [...HISTORY_TEXTS, ...ASSESSMENT_TEXTS].map((name) => [name, textOrNull(values[name])]),
          ),
        },
        { days: { recorded_on: values.recorded_on }, vitals: values.vitals },
        units,
        i18n,
        history ? { stored: history, vitals: initial.vitals } : undefined,
      )
      if (parsed.errors) return showErrors(parsed.errors)
      setErrors({})
      const ctx = mutationContext()
      const { patient_id: _, ...changes } = parsed.fields
      const saved = history
        ? ((await amendReport(db, ctx, SHORT_HISTORY, history.id, changes as never)) ?? history)
        : await createReport(db, ctx, SHORT_HISTORY, parsed.fields as never, {
            files: picked.map((file) => ({ owner: shortHistoryFiles, file })),
          })
      notify(
        history
          ? t`Corrección guardada en este dispositivo`
          : t`Historia clínica guardada en este dispositivo`,
      )
      currentEngine()?.loop.kick()
      onSaved(saved)
    } catch (error) {
      const refused = refusalErrors(error, i18n)
      if (refused) showErrors(refused)
      else setFailure(errorMessage(error, i18n))
    } finally {
      saving.current = false
      setBusy(false)
    }
  }

  const values = form.watch()
  return (
    <form
      className="form-card medical-report-form"
      aria-label={title}
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
        <legend>{t`Historia`}</legend>
        <div className="form-grid">
          <SelectField
            label={label('type')}
            aria-required
            placeholder={t`Selecciona…`}
            error={message('type')}
            name="type"
            value={values.type}
            onChange={(event) => form.setValue('type', event.target.value as ShortHistoryType)}
            options={SHORT_HISTORY_TYPES.map((code) => ({
              value: code,
              label: i18n._(SHORT_HISTORY_TYPE_NAMES[code]),
            }))}
          />
          <DateField
            label={label('recorded_on')}
            aria-required
            error={message('recorded_on')}
            {...form.register('recorded_on')}
          />
        </div>
        <TextField
          label={label('reason')}
          aria-required
          error={message('reason')}
          {...form.register('reason')}
        />
        {HISTORY_TEXTS.map((name) => (
          <TextAreaField key={name} label={label(name)} error={message(name)} {...form.register(name)} />
        ))}
      </fieldset>
      <VitalSignsFields
        register={(name) => form.register(name)}
        message={message}
        units={units}
        last={last}
        bmiFrom={{ weight: values.vitals.weight_kg, height: values.vitals.height_m }}
      />
      <fieldset className="form-section">
        <legend>{t`Valoración`}</legend>
        {ASSESSMENT_TEXTS.map((name) => (
          <TextAreaField key={name} label={label(name)} error={message(name)} {...form.register(name)} />
        ))}
      </fieldset>
      <ReportFiles
        db={db}
        kind={SHORT_HISTORY}
        owner={shortHistoryFiles}
        reportId={history?.id}
        files={files}
        picked={picked}
        onPickedChange={setPicked}
        title={t`Archivos`}
      />
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Link
          className="button"
          data-variant="secondary"
          to={
            history ? '/clinical-history/detail/$patientId/$shortClinicalHistoryId' : '/patients/record/$id'
          }
          params={history ? { patientId, shortClinicalHistoryId: history.id } : { id: patientId }}
        >
          <Trans>Cancelar</Trans>
        </Link>
        <Button type="submit" loading={busy}>
          {history ? <Trans>Guardar corrección</Trans> : <Trans>Guardar historia</Trans>}
        </Button>
      </div>
    </form>
  )
}
