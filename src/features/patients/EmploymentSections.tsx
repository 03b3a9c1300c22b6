import { useLingui } from '@lingui/react/macro'
import { useReferenceList } from '../../catalogs/use-catalog'
import type { PatientFilters } from '../../contract/schemas/patient-lookups'
import { DateField } from '../../ui/DateField'
import { FormSelect } from '../../ui/form/FormSelect'
import { PasswordPairFields } from '../../ui/PasswordPairFields'
import { TextField } from '../../ui/TextField'
import { optionsOf, type SectionProps } from './form-section'

/**
 * Employment: payroll number, hire date, administrative status, supervisor, periodic exam
 * frequency (the subgroups are SubgroupsSection, picked from the tenant's catalogue). The statuses offered are the tenant's available ones when known
 * (get-filters/patients), else the whole list.
 */
export function EmploymentSection({
  form,
  message,
  shown,
  statuses,
}: SectionProps & { statuses: PatientFilters['administrative_statuses'] | undefined }) {
  const { t } = useLingui()
  const allStatuses = useReferenceList('administrative-statuses')
  const frequencies = useReferenceList('examination-frequencies')
  return (
    <fieldset className="form-section">
      <legend>{t`Datos laborales`}</legend>
      <div className="form-grid">
        {shown('payroll_number') && (
          <TextField
            label={t`Número de nómina`}
            error={message('payroll_number')}
            {...form.register('payroll_number')}
          />
        )}
        {shown('hire_date') && (
          <DateField
            label={t`Fecha de ingreso`}
            error={message('hire_date')}
            {...form.register('hire_date')}
          />
        )}
        <FormSelect
          bind={form}
          name="administrative_status"
          label={t`Estatus administrativo`}
          aria-required
          options={optionsOf(statuses ?? allStatuses)}
          error={message('administrative_status')}
        />
        {shown('supervisor') && (
          <TextField label={t`Supervisor`} error={message('supervisor')} {...form.register('supervisor')} />
        )}
        {shown('exam_frequency') && (
          <FormSelect
            bind={form}
            name="exam_frequency"
            label={t`Frecuencia del examen periódico`}
            placeholder={t`Selecciona`}
            options={optionsOf(frequencies)}
            error={message('exam_frequency')}
          />
        )}
      </div>
    </fieldset>
  )
}

/** The access account of patient mode: e-mail and password (a new one only replaces it). */
export function AccessAccountSection({ form, message, hasAccount }: SectionProps & { hasAccount: boolean }) {
  const { t } = useLingui()
  return (
    <fieldset className="form-section">
      <legend>{t`Cuenta de acceso`}</legend>
      <p className="form-hint">
        {hasAccount
          ? t`El paciente ya tiene cuenta. Escribe una contraseña solo para reemplazarla.`
          : t`Con correo y contraseña el paciente puede entrar en modo paciente.`}
      </p>
      <div className="form-grid">
        <TextField
          label={t`Correo electrónico`}
          type="email"
          autoComplete="off"
          error={message('email')}
          {...form.register('email')}
        />
        <PasswordPairFields
          replacing={hasAccount}
          password={form.register('password')}
          confirmation={form.register('password_confirmation')}
          passwordError={message('password')}
          confirmationError={message('password_confirmation')}
        />
      </div>
    </fieldset>
  )
}
