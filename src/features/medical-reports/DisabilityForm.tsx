import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { disabilityFiles, disabilitySignatureFiles } from '../../contract/endpoints/disabilities'
import type { CatalogueEntry } from '../../contract/schemas/catalogue-definitions'
import { DISABILITY_ISSUERS, type DisabilityField } from '../../contract/schemas/disabilities'
import type { LocalDb, LocalDisability, LocalFile } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { type PreparedFile, prepareFile } from '../../sync/file-mutators'
import { DISABILITY } from '../../sync/medical-report-kinds'
import {
  amendReport,
  attachReportFiles,
  createReport,
  type ReportFile,
  ReportRefusal,
} from '../../sync/medical-report-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { DateField } from '../../ui/DateField'
import { errorMessage } from '../../ui/form/error-message'
import { fieldMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { SignaturePad } from '../../ui/SignaturePad'
import { type SignatureStrokes, signaturePng } from '../../ui/signature-image'
import { TextAreaField } from '../../ui/TextAreaField'
import { TextField } from '../../ui/TextField'
import {
  changedFields,
  type DisabilityFormValues,
  daysOfDates,
  emptyDisabilityForm,
  formOfDisability,
  liveDaysProblem,
  parseDisabilityForm,
} from './disability-form-values'
import { ISSUER_NAMES } from './disability-texts'
import { HeldSignature } from './HeldSignature'
import { ReportFiles } from './ReportFiles'

export interface DisabilityFormProps {
  db: LocalDb
  patientId: string
  /** The disability amended; none for a new one. */
  disability: LocalDisability | null
  /** The amended disability's drawn signature, the newest (the one its PDF prints). */
  signature: LocalFile | null
  /** The amended disability's attachments. */
  attachments?: readonly LocalFile[]
  /** Every cached entry of the tenant's `incapacityType` catalogue (inactive ones too). */
  types: readonly CatalogueEntry[]
  /** Every cached entry of the tenant's `incapacityStatus` catalogue (inactive ones too). */
  statuses: readonly CatalogueEntry[]
  onSaved: (disability: LocalDisability) => void
}

/** The active entries, and the one the disability holds even if it was retired since. */
const offered = (entries: readonly CatalogueEntry[], held: string) =>
  entries
    .filter((entry) => entry.active !== false || entry.id === held)
    .map((entry) => ({ value: entry.id, label: entry.name }))

/**
 * A disability (incapacidad; SPEC §3, every field; issue 23): its cause and reason, modality and
 * status from the tenant's catalogues, who issued it and the IMSS folio, the period with its
 * assigned days — worked out from the dates while the person has not typed them, and checked
 * against them by the rule the server applies, its message on the field — control measures,
 * comments, an attachment (PDF, PNG or JPG, picked or photographed) and a signature drawn on the
 * tablet. Saved on the device through the outbox (works with no network); an amendment keeps the
 * disability as it was on the server (NOM-004) and a new signature takes the old one's place.
 */
export function DisabilityForm({
  db,
  patientId,
  disability,
  signature,
  attachments,
  types,
  statuses,
  onSaved,
}: DisabilityFormProps) {
  const { t, i18n } = useLingui()
  const [values, setValues] = useState<DisabilityFormValues>(() =>
    disability ? formOfDisability(disability) : emptyDisabilityForm(new Date()),
  )
  // The days follow the dates until the person types them (an amended disability's days agree with
  // its dates, so they follow a corrected date too).
  const [daysTyped, setDaysTyped] = useState(false)
  const [tried, setTried] = useState(false)
  const [strokes, setStrokes] = useState<SignatureStrokes>([])
  const [resigning, setResigning] = useState(false)
  const [picked, setPicked] = useState<PreparedFile[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const saving = useRef(false)
  const summaryId = useId()

  const parsed = parseDisabilityForm(values, i18n)
  const live = liveDaysProblem(values, i18n)
  // Before a save is tried only the rule across the dates speaks up; afterwards every field does.
  const message = (field: DisabilityField) => (tried ? parsed.errors?.[field] : undefined) ?? live[field]
  const showErrors = tried && parsed.errors !== undefined

  const set = (field: keyof DisabilityFormValues, value: string) =>
    setValues((current) => {
      const next = { ...current, [field]: value }
      if ((field === 'start_date' || field === 'end_date') && !daysTyped) {
        const days = daysOfDates(next)
        next.assigned_days = days === null ? '' : String(days)
      }
      return next
    })
  const text = (field: keyof DisabilityFormValues) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  })

  const save = async () => {
    if (saving.current) return
    setTried(true)
    if (!parsed.fields) {
      requestAnimationFrame(() => document.getElementById(summaryId)?.focus())
      return
    }
    saving.current = true
    setBusy(true)
    setFailure(null)
    try {
      const files: ReportFile[] = []
      if (strokes.length > 0) {
        const png = await signaturePng(strokes)
        files.push({
          owner: disabilitySignatureFiles,
          file: await prepareFile(png, 'firma.png', disabilitySignatureFiles.limits),
        })
      }
      const ctx = mutationContext()
      let saved: LocalDisability
      if (disability) {
        const changes = changedFields(disability, parsed.fields)
        if (Object.keys(changes).length > 0) {
          saved = (await amendReport(db, ctx, DISABILITY, disability.id, changes, files)) ?? disability
        } else {
          // Only signed again (or nothing at all): no amendment, the new signature joins the record.
          if (files.length > 0) await attachReportFiles(db, ctx, DISABILITY, disability.id, files)
          saved = disability
        }
      } else {
        files.push(...picked.map((file) => ({ owner: disabilityFiles, file })))
        saved = await createReport(
          db,
          ctx,
          DISABILITY,
          { ...parsed.fields, patient_id: patientId },
          { files },
        )
      }
      notify(
        disability ? t`Corrección guardada en este dispositivo` : t`Incapacidad guardada en este dispositivo`,
      )
      currentEngine()?.loop.kick()
      onSaved(saved)
    } catch (error) {
      setFailure(
        error instanceof ReportRefusal
          ? error.problems.map((problem) => fieldMessage(problem.message, i18n)).join(' ')
          : errorMessage(error, i18n),
      )
    } finally {
      saving.current = false
      setBusy(false)
    }
  }

  const title = disability ? t`Corregir incapacidad` : t`Nueva incapacidad`
  const daysFromDates = daysOfDates(values)
  return (
    <form
      className="form-card disability-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      {showErrors && (
        <div id={summaryId} className="form-errors" role="alert" tabIndex={-1}>
          <p>
            <Trans>Revisa los campos marcados.</Trans>
          </p>
        </div>
      )}
      <fieldset className="form-section">
        <legend>{t`Datos de la incapacidad`}</legend>
        <TextField label={t`Causa`} aria-required error={message('cause')} {...text('cause')} />
        <TextField label={t`Motivo`} aria-required error={message('reason')} {...text('reason')} />
        <div className="form-grid">
          <SelectField
            label={t`Modalidad`}
            aria-required
            placeholder={t`Selecciona…`}
            error={message('type_id')}
            options={offered(types, disability?.type_id ?? '')}
            {...text('type_id')}
          />
          <SelectField
            label={t`Estatus`}
            aria-required
            placeholder={t`Selecciona…`}
            error={message('status_id')}
            options={offered(statuses, disability?.status_id ?? '')}
            {...text('status_id')}
          />
          <SelectField
            label={t`Expedida por`}
            aria-required
            placeholder={t`Selecciona…`}
            error={message('issuer')}
            options={DISABILITY_ISSUERS.map((code) => ({ value: code, label: i18n._(ISSUER_NAMES[code]) }))}
            {...text('issuer')}
          />
          <TextField
            label={t`Folio IMSS`}
            autoCapitalize="characters"
            maxLength={20}
            error={message('assigned_number')}
            {...text('assigned_number')}
          />
        </div>
        {(types.length === 0 || statuses.length === 0) && (
          <p className="form-hint">
            <Trans>
              Los catálogos de tipos y estatus de incapacidad aún no llegan a este dispositivo: se cargarán en
              cuanto haya conexión.
            </Trans>
          </p>
        )}
      </fieldset>

      <fieldset className="form-section">
        <legend>{t`Periodo`}</legend>
        <div className="form-grid">
          <DateField
            label={t`Fecha de inicio`}
            aria-required
            error={message('start_date')}
            {...text('start_date')}
          />
          <DateField
            label={t`Fecha de término`}
            aria-required
            error={message('end_date')}
            {...text('end_date')}
          />
          <TextField
            label={t`Días asignados`}
            aria-required
            inputMode="numeric"
            error={message('assigned_days')}
            {...text('assigned_days')}
            onChange={(event) => {
              setDaysTyped(true)
              set('assigned_days', event.target.value.replace(/\D/g, '').slice(0, 3))
            }}
          />
        </div>
        <p className="form-hint" aria-live="polite">
          {daysFromDates === null ? (
            <Trans>
              Los días asignados se calculan con las fechas, contando el día de inicio y el de término.
            </Trans>
          ) : (
            <>
              <Trans>Según las fechas:</Trans> <strong>{t`${daysFromDates} días`}</strong>
              {daysTyped && String(daysFromDates) !== values.assigned_days.trim() && (
                <>
                  {' '}
                  <Button
                    variant="ghost"
                    onClick={() => {
                      setDaysTyped(false)
                      set('assigned_days', String(daysFromDates))
                    }}
                  >
                    <Trans>Usar los días de las fechas</Trans>
                  </Button>
                </>
              )}
            </>
          )}
        </p>
      </fieldset>

      <fieldset className="form-section">
        <legend>{t`Seguimiento`}</legend>
        <TextAreaField
          label={t`Medidas de control`}
          rows={3}
          error={message('control_measures')}
          {...text('control_measures')}
        />
        <TextAreaField label={t`Comentarios`} rows={3} error={message('comments')} {...text('comments')} />
      </fieldset>

      <ReportFiles
        db={db}
        kind={DISABILITY}
        owner={disabilityFiles}
        reportId={disability?.id}
        files={disability ? attachments : undefined}
        picked={picked}
        onPickedChange={setPicked}
        title={t`Archivo adjunto`}
      />

      <section className="form-section disability-form__signature" aria-label={t`Firma del médico`}>
        {signature && !resigning ? (
          <HeldSignature db={db} file={signature}>
            <Button variant="secondary" onClick={() => setResigning(true)}>
              <Trans>Firmar de nuevo</Trans>
            </Button>
          </HeldSignature>
        ) : (
          <SignaturePad
            label={t`Firma del médico`}
            strokes={strokes}
            onChange={setStrokes}
            hint={
              signature
                ? t`La firma nueva reemplaza la anterior al guardar. Firma con el dedo o con el lápiz dentro del recuadro.`
                : undefined
            }
          />
        )}
        {signature && resigning && (
          <Button
            variant="ghost"
            onClick={() => {
              setResigning(false)
              setStrokes([])
            }}
          >
            <Trans>Conservar la firma anterior</Trans>
          </Button>
        )}
      </section>

      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Link
          className="button"
          data-variant="secondary"
          to={
            disability
              ? '/digital-record/medical-reports/record-disabilities/view/$patientId/$id'
              : '/digital-record/medical-reports/record-disabilities/detail/$patientId'
          }
          params={disability ? { patientId, id: disability.id } : { patientId }}
        >
          <Trans>Cancelar</Trans>
        </Link>
        <Button type="submit" loading={busy}>
          {disability ? <Trans>Guardar corrección</Trans> : <Trans>Guardar incapacidad</Trans>}
        </Button>
      </div>
    </form>
  )
}
