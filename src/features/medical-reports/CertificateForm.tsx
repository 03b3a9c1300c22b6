import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { isoToDateText } from '../../contract/rules/formats'
import { CERTIFICATE_RESULTS, type CertificateResult } from '../../contract/rules/health-certificate'
import { CreateCertificateRequest } from '../../contract/schemas/health-certificates'
import type { ReportAuthor } from '../../contract/schemas/report-amendments'
import type { DeviceCertificatePrefill } from '../../db/certificate-prefill'
import type { LocalDb, LocalHealthCertificate } from '../../db/local-db'
import { mutationContext } from '../../session/mutation-context'
import { currentEngine } from '../../sync/current-engine'
import { HEALTH_CERTIFICATE } from '../../sync/medical-report-kinds'
import { amendReport, createReport } from '../../sync/medical-report-mutators'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { DateField } from '../../ui/DateField'
import { errorMessage } from '../../ui/form/error-message'
import { formatDateTime } from '../../ui/format-date'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { TextAreaField } from '../../ui/TextAreaField'
import { TextField } from '../../ui/TextField'
import { useUnits } from '../../ui/unit-preference'
import { VitalSignsFields } from '../../ui/vital-signs/VitalSignsFields'
import {
  checkReport,
  dayText,
  refusalErrors,
  type TypedVitals,
  textOrNull,
  typedDay,
  typedVitals,
} from './report-form'
import { CERTIFICATE_FIELD_NAMES, CERTIFICATE_RESULT_NAMES } from './report-texts'

interface CertificateFormValues {
  /** YYYY/MM/DD as typed (SPEC §9). */
  issued_on: string
  result: CertificateResult | ''
  valid_from: string
  valid_to: string
  restrictions: string
  purpose: string
  observations: string
  vitals: TypedVitals
}

const two = (n: number) => String(n).padStart(2, '0')
const today = (now: Date) => `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`

function valuesOf(
  certificate: LocalHealthCertificate | null,
  prefill: DeviceCertificatePrefill | null,
  units: ReturnType<typeof useUnits>,
): CertificateFormValues {
  if (certificate)
    return {
      issued_on: dayText(certificate.issued_on),
      result: certificate.result,
      valid_from: dayText(certificate.valid_from),
      valid_to: dayText(certificate.valid_to),
      restrictions: certificate.restrictions ?? '',
      purpose: certificate.purpose ?? '',
      observations: certificate.observations ?? '',
      vitals: typedVitals(certificate, units),
    }
  // A new certificate is issued today, valid from today; its end is the professional's to set.
  const day = isoToDateText(today(new Date()))
  return {
    issued_on: day,
    result: '',
    valid_from: day,
    valid_to: '',
    restrictions: '',
    purpose: '',
    observations: '',
    vitals: typedVitals(prefill?.vital_signs ?? null, units),
  }
}

export interface CertificateFormProps {
  db: LocalDb
  patientId: string
  /** The certificate amended; none for a new one. */
  certificate: LocalHealthCertificate | null
  /** What a new certificate starts from (the latest consultation, the vital signs since). */
  prefill: DeviceCertificatePrefill | null
  /** Who signs a new one, with title and cédula, when the device knows them. */
  signer: ReportAuthor | null
  onSaved: (certificate: LocalHealthCertificate) => void
}

/**
 * A health status certificate (SPEC §2 `…/certificate-health-status` create and edit, §3; issue
 * 23): the day it is issued, the result — fit, fit with restrictions (which must be named), not
 * fit — its validity (`rules/health-certificate.ts`), to whom it is addressed, observations, and
 * the vital signs it rests on, prefilled from the patient's latest consultation and the readings
 * since as the server's get-create does. Saved on the device through the outbox (works with no
 * network); an amendment keeps the certificate as it was on the server (NOM-004).
 */
export function CertificateForm({
  db,
  patientId,
  certificate,
  prefill,
  signer,
  onSaved,
}: CertificateFormProps) {
  const { t, i18n } = useLingui()
  const units = useUnits()
  const [initial] = useState(() => valuesOf(certificate, prefill, units))
  const form = useForm<CertificateFormValues>({ defaultValues: initial })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const saving = useRef(false)
  const summaryId = useId()
  const message = (name: string) => errors[name]
  const label = (name: keyof typeof CERTIFICATE_FIELD_NAMES) => i18n._(CERTIFICATE_FIELD_NAMES[name])
  const title = certificate
    ? t`Corregir certificado de estado de salud`
    : t`Nuevo certificado de estado de salud`
  const values = form.watch()
  const withRestrictions = values.result === 'fit_with_restrictions'
  const basis = certificate ? null : (prefill?.encounter ?? null)
  const basisDay = basis ? formatDateTime(basis.started_at) : ''
  const basisDiagnoses =
    basis?.diagnoses.map((diagnosis) => `${diagnosis.code} ${diagnosis.name}`).join('; ') || '—'
  const signerName = signer ? [signer.title, signer.name].filter(Boolean).join(' ') : ''
  const license = signer?.professional_license ?? ''

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
      const typed = form.getValues()
      const parsed = checkReport(
        CreateCertificateRequest,
        {
          patient_id: patientId,
          issued_on: typedDay(typed.issued_on),
          result: typed.result,
          valid_from: typedDay(typed.valid_from),
          valid_to: typedDay(typed.valid_to),
          // Restrictions belong to "fit with restrictions" alone: any typed before another choice go.
          restrictions: typed.result === 'fit_with_restrictions' ? textOrNull(typed.restrictions) : null,
          purpose: textOrNull(typed.purpose),
          observations: textOrNull(typed.observations),
          encounter_id: certificate ? certificate.encounter_id : (basis?.id ?? null),
        },
        {
          days: { issued_on: typed.issued_on, valid_from: typed.valid_from, valid_to: typed.valid_to },
          vitals: typed.vitals,
        },
        units,
        i18n,
        certificate ? { stored: certificate, vitals: initial.vitals } : undefined,
      )
      if (parsed.errors) return showErrors(parsed.errors)
      setErrors({})
      const ctx = mutationContext()
      const { patient_id: _, ...changes } = parsed.fields
      const saved = certificate
        ? ((await amendReport(db, ctx, HEALTH_CERTIFICATE, certificate.id, changes as never)) ?? certificate)
        : await createReport(db, ctx, HEALTH_CERTIFICATE, parsed.fields as never, {
            ...(signer ? { author: signer } : {}),
          })
      notify(
        certificate
          ? t`Corrección guardada en este dispositivo`
          : t`Certificado guardado en este dispositivo`,
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
        <legend>{t`Certificado`}</legend>
        {basis && (
          <p className="form-hint certificate-basis">
            <Trans>
              Basado en la consulta del {basisDay}: {basisDiagnoses}
            </Trans>
          </p>
        )}
        <div className="form-grid">
          <DateField
            label={label('issued_on')}
            aria-required
            error={message('issued_on')}
            {...form.register('issued_on')}
          />
          <SelectField
            label={label('result')}
            aria-required
            placeholder={t`Selecciona…`}
            error={message('result')}
            name="result"
            value={values.result}
            onChange={(event) => form.setValue('result', event.target.value as CertificateResult)}
            options={CERTIFICATE_RESULTS.map((code) => ({
              value: code,
              label: i18n._(CERTIFICATE_RESULT_NAMES[code]),
            }))}
          />
          <DateField
            label={label('valid_from')}
            aria-required
            error={message('valid_from')}
            {...form.register('valid_from')}
          />
          <DateField
            label={label('valid_to')}
            aria-required
            error={message('valid_to')}
            {...form.register('valid_to')}
          />
        </div>
        {withRestrictions && (
          <TextAreaField
            label={label('restrictions')}
            aria-required
            error={message('restrictions')}
            {...form.register('restrictions')}
          />
        )}
        <TextField
          label={label('purpose')}
          placeholder={t`A quien corresponda`}
          error={message('purpose')}
          {...form.register('purpose')}
        />
        <TextAreaField
          label={label('observations')}
          error={message('observations')}
          {...form.register('observations')}
        />
      </fieldset>
      <VitalSignsFields
        register={(name) => form.register(name)}
        message={message}
        units={units}
        last={null}
        bmiFrom={{ weight: values.vitals.weight_kg, height: values.vitals.height_m }}
      />
      {!certificate && (
        <p className="form-hint">
          {signer && license ? (
            <Trans>
              Firma: {signerName}, cédula profesional {license}
            </Trans>
          ) : signer ? (
            <Trans>Firma: {signerName}</Trans>
          ) : (
            <Trans>
              El título y la cédula del profesional se añadirán al certificado cuando se haya enviado.
            </Trans>
          )}
        </p>
      )}
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        <Link
          className="button"
          data-variant="secondary"
          to={
            certificate
              ? '/digital-record/medical-reports/certificate-health-status/view/$patientId/$id'
              : '/patients/record/$id'
          }
          params={certificate ? { patientId, id: certificate.id } : { id: patientId }}
        >
          <Trans>Cancelar</Trans>
        </Link>
        <Button type="submit" loading={busy}>
          {certificate ? <Trans>Guardar corrección</Trans> : <Trans>Guardar certificado</Trans>}
        </Button>
      </div>
    </form>
  )
}
