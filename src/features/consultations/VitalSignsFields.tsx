import { Trans, useLingui } from '@lingui/react/macro'
import type { UseFormReturn } from 'react-hook-form'
import { toSi, type UnitChoice } from '../../contract/rules/units'
import { bodyMassIndex } from '../../contract/rules/vital-ranges'
import type { VitalSign } from '../../contract/schemas/encounters'
import type { LocalEncounter } from '../../db/local-db'
import { TextField } from '../../ui/TextField'
import { type ConsultationFormValues, shownVitalSign, VITAL_SIGN_FIELDS } from './consultation-form-values'
import { FIXED_UNITS, UNIT_SYMBOLS, VITAL_SIGN_NAMES } from './consultation-texts'

/** A typed measure in SI, or null while it is not a number (the BMI waits for both). */
function typedSi(typed: string, measure: 'weight' | 'height', units: UnitChoice): number | null {
  const value = Number(typed.trim().replace(',', '.'))
  if (typed.trim() === '' || Number.isNaN(value)) return null
  return toSi(measure, units[measure] as never, value)
}

/**
 * Vital signs and somatometry (SPEC §5 ranges) in the units this device uses, each with the
 * patient's last value beside it for comparison, and the BMI computed as weight and height are
 * typed (never typed itself).
 */
export function VitalSignsFields({
  form,
  message,
  units,
  last,
}: {
  form: UseFormReturn<ConsultationFormValues>
  message: (name: string) => string | undefined
  units: UnitChoice
  last: LocalEncounter | null
}) {
  const { t, i18n } = useLingui()
  const unitOf = (sign: VitalSign, measure: keyof UnitChoice | undefined) =>
    measure ? UNIT_SYMBOLS[units[measure]] : (FIXED_UNITS[sign] ?? '')
  const weight = form.watch('vitals.weight_kg')
  const height = form.watch('vitals.height_m')
  const bmi = bodyMassIndex(typedSi(weight, 'weight', units), typedSi(height, 'height', units))
  const lastBmi = last ? bodyMassIndex(last.weight_kg as number | null, last.height_m as number | null) : null
  return (
    <fieldset className="form-section">
      <legend>{t`Signos vitales y somatometría`}</legend>
      {last && (
        <p className="form-hint">
          <Trans>Bajo cada campo, el último valor registrado del paciente.</Trans>
        </p>
      )}
      <div className="consultation-form__vitals">
        {VITAL_SIGN_FIELDS.map(({ sign, measure, integer }) => {
          const unit = unitOf(sign, measure)
          const previous = last ? shownVitalSign(sign, units, last[sign]) : ''
          return (
            <div key={sign} className="consultation-form__vital">
              <TextField
                label={`${i18n._(VITAL_SIGN_NAMES[sign])} (${unit})`}
                inputMode={integer ? 'numeric' : 'decimal'}
                autoComplete="off"
                error={message(`vitals.${sign}`)}
                {...form.register(`vitals.${sign}`)}
              />
              <span className="consultation-form__last">
                {previous !== '' && (
                  <Trans>
                    Última: {previous} {unit}
                  </Trans>
                )}
              </span>
            </div>
          )
        })}
        <div className="consultation-form__vital">
          <output className="consultation-form__bmi" aria-live="polite">
            <span>{t`IMC (kg/m²)`}</span>
            <strong>{bmi ?? '—'}</strong>
          </output>
          <span className="consultation-form__last">
            {lastBmi !== null && <Trans>Último: {lastBmi}</Trans>}
          </span>
        </div>
      </div>
    </fieldset>
  )
}
