import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useFederalEntities, useLocalities, useMunicipalities } from '../../catalogs/use-catalog'
import { FormSelect } from '../../ui/form/FormSelect'
import { TextField } from '../../ui/TextField'
import { optionsOf, type SectionProps } from './form-section'

const EMERGENCY_CONTACT = [
  'emergency_contact_name',
  'emergency_contact_relationship',
  'emergency_contact_phone',
] as const

/**
 * The address, state → municipality → locality plus free text, and the emergency contact. A
 * municipality belongs to its state and a locality to its municipality, so choosing another
 * state or municipality empties what hung from the old one.
 */
export function AddressSections({ form, message, shown }: SectionProps) {
  const { t } = useLingui()
  const [search, setSearch] = useState('')
  const state = useWatch({ control: form.control, name: 'address_state_code' })
  const municipality = useWatch({ control: form.control, name: 'address_municipality_code' })
  const entities = useFederalEntities()
  const municipalities = useMunicipalities(state || null)
  const localities = useLocalities(state || null, municipality || null, search)
  const stateChanged = () => {
    form.setValue('address_municipality_code', '', { shouldDirty: true })
    form.setValue('address_locality_code', '', { shouldDirty: true })
    setSearch('')
  }
  const municipalityChanged = () => {
    form.setValue('address_locality_code', '', { shouldDirty: true })
    setSearch('')
  }
  const relationships = [
    { value: 'spouse', label: t`Cónyuge` },
    { value: 'father', label: t`Padre` },
    { value: 'mother', label: t`Madre` },
    { value: 'child', label: t`Hijo(a)` },
    { value: 'other', label: t`Otro` },
  ]
  return (
    <>
      <fieldset className="form-section">
        <legend>{t`Domicilio`}</legend>
        <div className="form-grid">
          <FormSelect
            bind={form}
            name="address_state_code"
            label={t`Estado`}
            placeholder={t`Selecciona`}
            options={optionsOf(entities?.filter((entity) => entity.code !== 'NE'))}
            error={message('address_state_code')}
            onChange={stateChanged}
          />
          <FormSelect
            bind={form}
            name="address_municipality_code"
            label={t`Municipio`}
            placeholder={state ? t`Selecciona` : t`Elige primero el estado`}
            options={optionsOf(municipalities)}
            disabled={!state}
            error={message('address_municipality_code')}
            onChange={municipalityChanged}
          />
          <TextField
            label={t`Buscar localidad`}
            type="search"
            value={search}
            disabled={!municipality}
            onChange={(event) => setSearch(event.target.value)}
          />
          <FormSelect
            bind={form}
            name="address_locality_code"
            label={t`Localidad`}
            placeholder={municipality ? t`Selecciona` : t`Elige primero el municipio`}
            options={optionsOf(localities)}
            disabled={!municipality}
            error={message('address_locality_code')}
          />
          <TextField
            label={t`Calle, número y colonia (otro)`}
            error={message('address_other')}
            {...form.register('address_other')}
          />
        </div>
      </fieldset>
      {EMERGENCY_CONTACT.some(shown) && (
        <fieldset className="form-section">
          <legend>{t`Contacto de emergencia`}</legend>
          <div className="form-grid">
            {shown('emergency_contact_name') && (
              <TextField
                label={t`Nombre del contacto`}
                error={message('emergency_contact_name')}
                {...form.register('emergency_contact_name')}
              />
            )}
            {shown('emergency_contact_relationship') && (
              <FormSelect
                bind={form}
                name="emergency_contact_relationship"
                label={t`Parentesco`}
                placeholder={t`Selecciona`}
                options={relationships}
                error={message('emergency_contact_relationship')}
              />
            )}
            {shown('emergency_contact_phone') && (
              <TextField
                label={t`Teléfono del contacto`}
                inputMode="tel"
                error={message('emergency_contact_phone')}
                {...form.register('emergency_contact_phone')}
              />
            )}
          </div>
        </fieldset>
      )}
    </>
  )
}
