import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { ACCIDENT_KINDS, PROBABLE_QUALIFICATIONS } from '../../contract/rules/incident-report'
import type { LinkableDisability } from '../../contract/rules/incident-report-prefill'
import { MAX_INCIDENT_TEXT } from '../../contract/schemas/incident-reports'
import { Button } from '../../ui/Button'
import { DateField, TimeField } from '../../ui/DateField'
import { DiagnosisSearch } from '../../ui/DiagnosisSearch'
import { FormSelect } from '../../ui/form/FormSelect'
import { TextAreaField } from '../../ui/TextAreaField'
import { TextField } from '../../ui/TextField'
import type { IncidentReportFormValues } from './incident-report-form-values'
import {
  ACCIDENT_KIND_NAMES,
  disabilityLabel,
  QUALIFICATION_NAMES,
  STEP_NAMES,
} from './incident-report-texts'

/** What every step of the ST-7's form gets: the form, and a field's message (worded). */
export interface IncidentReportStepProps {
  form: UseFormReturn<IncidentReportFormValues>
  message: (name: string) => string | undefined
}

/** 1. The employer: copied from the tenant's settings when the report is written, correctable. */
export function EmployerStep({ form, message }: IncidentReportStepProps) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="form-section">
      <legend>{i18n._(STEP_NAMES.employer)}</legend>
      <p className="form-hint">
        <Trans>Copiado de la configuración de la clínica; el reporte conserva los datos de hoy.</Trans>
      </p>
      <TextField
        label={t`Nombre o razón social`}
        aria-required
        maxLength={300}
        error={message('employer.business_name')}
        {...form.register('employer.business_name')}
      />
      <div className="form-grid">
        <TextField
          label={t`Registro patronal`}
          aria-required
          maxLength={20}
          autoCapitalize="characters"
          error={message('employer.employer_registration')}
          {...form.register('employer.employer_registration')}
        />
      </div>
      <TextAreaField
        label={t`Domicilio del patrón`}
        aria-required
        rows={3}
        maxLength={500}
        error={message('employer.address')}
        {...form.register('employer.address')}
      />
    </fieldset>
  )
}

/** 2. The worker: from the patient's record; occupation and shift as the last report gave them. */
export function WorkerStep({ form, message }: IncidentReportStepProps) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="form-section">
      <legend>{i18n._(STEP_NAMES.worker)}</legend>
      <p className="form-hint">
        <Trans>Copiado del expediente del paciente; la ocupación y el turno, del último ST-7.</Trans>
      </p>
      <div className="form-grid">
        <TextField
          label={t`Nombre del trabajador`}
          aria-required
          maxLength={300}
          error={message('worker.name')}
          {...form.register('worker.name')}
        />
        <TextField
          label={t`Número de seguridad social`}
          inputMode="numeric"
          maxLength={11}
          error={message('worker.nss')}
          {...form.register('worker.nss')}
        />
        <TextField
          label={t`CURP`}
          maxLength={18}
          autoCapitalize="characters"
          error={message('worker.curp')}
          {...form.register('worker.curp')}
        />
        <DateField
          label={t`Fecha de ingreso`}
          error={message('worker.hire_date')}
          {...form.register('worker.hire_date')}
        />
        <TextField
          label={t`Ocupación`}
          maxLength={200}
          error={message('worker.occupation')}
          {...form.register('worker.occupation')}
        />
        <TextField
          label={t`Turno`}
          maxLength={100}
          error={message('worker.shift')}
          {...form.register('worker.shift')}
        />
      </div>
    </fieldset>
  )
}

/** 3. The accident: where and when, what the worker was doing, how it happened, who saw it. */
export function AccidentStep({ form, message }: IncidentReportStepProps) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="form-section">
      <legend>{i18n._(STEP_NAMES.accident)}</legend>
      <div className="form-grid">
        <FormSelect
          bind={form}
          name="accident_kind"
          label={t`Tipo de accidente`}
          aria-required
          placeholder={t`Selecciona…`}
          error={message('accident_kind')}
          options={ACCIDENT_KINDS.map((kind) => ({ value: kind, label: i18n._(ACCIDENT_KIND_NAMES[kind]) }))}
        />
        <DateField
          label={t`Fecha del accidente`}
          aria-required
          error={message('occurred_on')}
          {...form.register('occurred_on')}
        />
        <TimeField
          label={t`Hora del accidente`}
          aria-required
          error={message('occurred_at')}
          {...form.register('occurred_at')}
        />
      </div>
      <TextField
        label={t`Lugar del accidente`}
        aria-required
        maxLength={500}
        error={message('place')}
        {...form.register('place')}
      />
      <TextAreaField
        label={t`Actividad que realizaba`}
        aria-required
        maxLength={MAX_INCIDENT_TEXT}
        error={message('activity')}
        {...form.register('activity')}
      />
      <TextAreaField
        label={t`Cómo ocurrió`}
        aria-required
        rows={4}
        maxLength={MAX_INCIDENT_TEXT}
        error={message('description')}
        {...form.register('description')}
      />
      <TextAreaField
        label={t`Testigos`}
        rows={2}
        maxLength={1000}
        error={message('witnesses')}
        {...form.register('witnesses')}
      />
    </fieldset>
  )
}

/**
 * 4. The first medical attention: when, the diagnosis (CIE-10, searched on the device), the
 * injuries and the body part, the treatment, and the disability it issued — one of the patient's
 * disabilities held on this device.
 */
export function AttentionStep({
  form,
  message,
  disabilities,
}: IncidentReportStepProps & { disabilities: readonly LinkableDisability[] }) {
  const { t, i18n } = useLingui()
  const searchId = useId()
  const code = form.watch('diagnosis_code')
  const name = form.watch('diagnosis_name')
  const linked = form.watch('disability_id')
  const choose = (diagnosis: { code: string; description: string }) => {
    form.setValue('diagnosis_code', diagnosis.code, { shouldDirty: true })
    form.setValue('diagnosis_name', diagnosis.description, { shouldDirty: true })
    return null
  }
  const clear = () => {
    form.setValue('diagnosis_code', '', { shouldDirty: true })
    form.setValue('diagnosis_name', '', { shouldDirty: true })
  }
  const options = disabilities.map((disability) => ({
    value: disability.id,
    label: disabilityLabel(disability, i18n),
  }))
  return (
    <fieldset className="form-section">
      <legend>{i18n._(STEP_NAMES.attention)}</legend>
      <div className="form-grid">
        <DateField
          label={t`Fecha de atención`}
          aria-required
          error={message('attended_on')}
          {...form.register('attended_on')}
        />
        <TimeField
          label={t`Hora de atención`}
          aria-required
          error={message('attended_at')}
          {...form.register('attended_at')}
        />
      </div>
      <div className="incident-report-form__diagnosis">
        {code ? (
          <div className="incident-report-form__chosen">
            <p className="incident-report-form__chosen-label">
              <Trans>Diagnóstico (CIE-10)</Trans>
            </p>
            <p>
              <strong>{code}</strong> {name}
            </p>
            <Button variant="ghost" onClick={clear}>
              <Trans>Cambiar diagnóstico</Trans>
            </Button>
          </div>
        ) : (
          <DiagnosisSearch
            id={searchId}
            name="diagnosis_code"
            required
            error={message('diagnosis_code')}
            onPick={choose}
          />
        )}
      </div>
      <TextAreaField
        label={t`Lesiones`}
        aria-required
        maxLength={MAX_INCIDENT_TEXT}
        error={message('injuries')}
        {...form.register('injuries')}
      />
      <TextField
        label={t`Región anatómica`}
        aria-required
        maxLength={300}
        error={message('body_part')}
        {...form.register('body_part')}
      />
      <TextAreaField
        label={t`Tratamiento`}
        aria-required
        maxLength={MAX_INCIDENT_TEXT}
        error={message('treatment')}
        {...form.register('treatment')}
      />
      <FormSelect
        bind={form}
        name="disability_id"
        label={t`Incapacidad expedida`}
        placeholder={t`Sin incapacidad`}
        error={message('disability_id')}
        options={
          // A linked disability no longer offered (deleted since) stays shown by its id's place.
          linked && !options.some((option) => option.value === linked)
            ? [...options, { value: linked, label: t`Incapacidad que ya no está en este dispositivo` }]
            : options
        }
      />
      {disabilities.length === 0 && (
        <p className="form-hint">
          <Trans>El paciente no tiene incapacidades en este dispositivo.</Trans>
        </p>
      )}
    </fieldset>
  )
}

/** 5. The probable qualification ("Sí de trabajo" / "No de trabajo") and observations. */
export function QualificationStep({ form, message }: IncidentReportStepProps) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="form-section">
      <legend>{i18n._(STEP_NAMES.qualification)}</legend>
      <div className="form-grid">
        <FormSelect
          bind={form}
          name="probable_qualification"
          label={t`Probable accidente de trabajo`}
          aria-required
          placeholder={t`Selecciona…`}
          error={message('probable_qualification')}
          options={PROBABLE_QUALIFICATIONS.map((code) => ({
            value: code,
            label: i18n._(QUALIFICATION_NAMES[code]),
          }))}
        />
      </div>
      <TextAreaField
        label={t`Observaciones`}
        rows={3}
        maxLength={MAX_INCIDENT_TEXT}
        error={message('observations')}
        {...form.register('observations')}
      />
    </fieldset>
  )
}
