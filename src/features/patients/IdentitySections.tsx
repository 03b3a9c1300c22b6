import { useLingui } from '@lingui/react/macro'
import type { FocusEvent } from 'react'
import { useFederalEntities, useNationalities, useReferenceList } from '../../catalogs/use-catalog'
import { BLOOD_TYPES } from '../../contract/schemas/patient'
import { DateField } from '../../ui/DateField'
import { FormSelect } from '../../ui/form/FormSelect'
import { TextField } from '../../ui/TextField'
import { optionsOf, type SectionProps } from './form-section'

/** Identification, birth and nationality: who the patient is. */
export function IdentitySections({
  form,
  message,
  shown,
  onCurpBlur,
}: SectionProps & { onCurpBlur: (curp: string) => void }) {
  const { t } = useLingui()
  const genders = useReferenceList('genders')
  const maritalStatuses = useReferenceList('marital-statuses')
  const nationalities = useNationalities()
  const entities = useFederalEntities()
  const curp = form.register('curp')
  const biologicalSexes = [
    { value: 'female', label: t`Mujer` },
    { value: 'male', label: t`Hombre` },
    { value: 'intersex', label: t`Intersexual` },
  ]
  return (
    <>
      <fieldset className="form-section">
        <legend>{t`Identificación`}</legend>
        <div className="form-grid">
          <TextField label={t`Nombre`} aria-required error={message('name')} {...form.register('name')} />
          <TextField
            label={t`Apellido paterno`}
            aria-required
            error={message('last_name')}
            {...form.register('last_name')}
          />
          {shown('second_last_name') && (
            <TextField
              label={t`Apellido materno`}
              error={message('second_last_name')}
              {...form.register('second_last_name')}
            />
          )}
          <TextField
            label={t`CURP`}
            aria-required
            autoCapitalize="characters"
            maxLength={18}
            error={message('curp')}
            {...curp}
            onBlur={(event: FocusEvent<HTMLInputElement>) => {
              void curp.onBlur(event)
              onCurpBlur(event.target.value)
            }}
          />
          {shown('nss') && (
            <TextField
              label={t`Número de seguridad social (IMSS)`}
              inputMode="numeric"
              maxLength={11}
              error={message('nss')}
              {...form.register('nss')}
            />
          )}
          {shown('key') && <TextField label={t`Clave`} error={message('key')} {...form.register('key')} />}
          {shown('blood_type') && (
            <FormSelect
              bind={form}
              name="blood_type"
              label={t`Tipo de sangre`}
              placeholder={t`Selecciona`}
              options={BLOOD_TYPES.map((type) => ({ value: type, label: type }))}
              error={message('blood_type')}
            />
          )}
          {shown('gender') && (
            <FormSelect
              bind={form}
              name="gender"
              label={t`Género`}
              placeholder={t`Selecciona`}
              options={optionsOf(genders)}
              error={message('gender')}
            />
          )}
          {shown('biological_sex') && (
            <FormSelect
              bind={form}
              name="biological_sex"
              label={t`Sexo biológico`}
              placeholder={t`Selecciona`}
              options={biologicalSexes}
              error={message('biological_sex')}
            />
          )}
          {shown('marital_status') && (
            <FormSelect
              bind={form}
              name="marital_status"
              label={t`Estado civil`}
              placeholder={t`Selecciona`}
              options={optionsOf(maritalStatuses)}
              error={message('marital_status')}
            />
          )}
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Nacimiento y nacionalidad`}</legend>
        <div className="form-grid">
          <DateField
            label={t`Fecha de nacimiento`}
            aria-required
            error={message('birth_date')}
            {...form.register('birth_date')}
          />
          {shown('nationality_code') && (
            <FormSelect
              bind={form}
              name="nationality_code"
              label={t`Nacionalidad`}
              placeholder={t`Selecciona`}
              options={optionsOf(nationalities)}
              error={message('nationality_code')}
            />
          )}
          {shown('birth_state_code') && (
            <FormSelect
              bind={form}
              name="birth_state_code"
              label={t`Estado de nacimiento`}
              placeholder={t`Selecciona`}
              options={optionsOf(entities)}
              error={message('birth_state_code')}
            />
          )}
        </div>
      </fieldset>
    </>
  )
}

/** How to reach the patient: the contact step puts it beside the address. */
export function ContactSection({ form, message, shown }: SectionProps) {
  const { t } = useLingui()
  // The phone is its only input: with it switched off the section has nothing to show.
  if (!shown('phone')) return null
  return (
    <fieldset className="form-section">
      <legend>{t`Contacto`}</legend>
      <div className="form-grid">
        <TextField label={t`Teléfono`} inputMode="tel" error={message('phone')} {...form.register('phone')} />
      </div>
    </fieldset>
  )
}
