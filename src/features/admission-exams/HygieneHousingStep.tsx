import { useLingui } from '@lingui/react/macro'
import { Controller } from 'react-hook-form'
import { HOUSING_SERVICES, HOUSING_TYPES, SUBSTANCES } from '../../contract/schemas/admission-exams'
import { Checkbox } from '../../ui/Checkbox'
import { FormSelect } from '../../ui/form/FormSelect'
import { TextField } from '../../ui/TextField'
import { HOUSING_SERVICE_NAMES, HOUSING_TYPE_NAMES, SUBSTANCE_NAMES } from './admission-texts'
import { FormCheck } from './FormCheck'
import type { StepProps } from './step-props'

/**
 * Hygiene and housing habits: each substance consumed (how much, how many days a week, since what
 * age — SPEC §5 1–300, 1–7, 8–99), physical activity, baths, and the home and its services.
 */
export function HygieneHousingStep({ form, message }: StepProps) {
  const { t, i18n } = useLingui()
  const used = form.watch('hygiene_housing.consumptions')
  const at = (name: string) => `hygiene_housing.${name}`
  return (
    <>
      <fieldset className="form-section">
        <legend>{t`Consumo de sustancias`}</legend>
        <ul className="admission-rows">
          {SUBSTANCES.map((substance) => {
            const row = (name: string) => at(`consumptions.${substance}.${name}`)
            return (
              <li key={substance} className="admission-row">
                <FormCheck
                  form={form}
                  name={`hygiene_housing.consumptions.${substance}.used`}
                  label={i18n._(SUBSTANCE_NAMES[substance])}
                />
                {used[substance]?.used && (
                  <div className="form-grid">
                    <TextField
                      label={t`Cantidad por ocasión`}
                      aria-required
                      inputMode="numeric"
                      autoComplete="off"
                      error={message(row('consumption'))}
                      {...form.register(`hygiene_housing.consumptions.${substance}.consumption`)}
                    />
                    <TextField
                      label={t`Veces por semana`}
                      aria-required
                      inputMode="numeric"
                      autoComplete="off"
                      error={message(row('times_per_week'))}
                      {...form.register(`hygiene_housing.consumptions.${substance}.times_per_week`)}
                    />
                    <TextField
                      label={t`Edad de inicio`}
                      inputMode="numeric"
                      autoComplete="off"
                      error={message(row('age_started'))}
                      {...form.register(`hygiene_housing.consumptions.${substance}.age_started`)}
                    />
                  </div>
                )}
              </li>
            )
          })}
        </ul>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Actividad física e higiene`}</legend>
        <div className="form-grid">
          <TextField
            label={t`Actividad física`}
            maxLength={200}
            error={message(at('physical_activity'))}
            {...form.register('hygiene_housing.physical_activity')}
          />
          <TextField
            label={t`Días de actividad por semana`}
            inputMode="numeric"
            autoComplete="off"
            error={message(at('activity_times_per_week'))}
            {...form.register('hygiene_housing.activity_times_per_week')}
          />
          <TextField
            label={t`Baños por semana`}
            aria-required
            inputMode="numeric"
            autoComplete="off"
            error={message(at('baths_per_week'))}
            {...form.register('hygiene_housing.baths_per_week')}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Vivienda`}</legend>
        <div className="form-grid">
          <FormSelect
            bind={form}
            name="hygiene_housing.housing_type"
            label={t`Tipo de vivienda`}
            aria-required
            placeholder={t`Selecciona…`}
            error={message(at('housing_type'))}
            options={HOUSING_TYPES.map((code) => ({ value: code, label: i18n._(HOUSING_TYPE_NAMES[code]) }))}
          />
          <TextField
            label={t`Habitantes`}
            aria-required
            inputMode="numeric"
            autoComplete="off"
            error={message(at('inhabitants'))}
            {...form.register('hygiene_housing.inhabitants')}
          />
          <TextField
            label={t`Mascotas`}
            maxLength={200}
            error={message(at('pets'))}
            {...form.register('hygiene_housing.pets')}
          />
        </div>
        <Controller
          control={form.control}
          name="hygiene_housing.housing_services"
          render={({ field }) => (
            <fieldset className="admission-checks">
              <legend>{t`Servicios`}</legend>
              <div className="admission-checks__list">
                {HOUSING_SERVICES.map((service) => (
                  <Checkbox
                    key={service}
                    label={i18n._(HOUSING_SERVICE_NAMES[service])}
                    checked={field.value.includes(service)}
                    onCheckedChange={(on) =>
                      field.onChange(
                        on
                          ? HOUSING_SERVICES.filter((code) => code === service || field.value.includes(code))
                          : field.value.filter((code) => code !== service),
                      )
                    }
                  />
                ))}
              </div>
            </fieldset>
          )}
        />
        <TextField
          label={t`Notas`}
          maxLength={2000}
          error={message(at('notes'))}
          {...form.register('hygiene_housing.notes')}
        />
      </fieldset>
    </>
  )
}
