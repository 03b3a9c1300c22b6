import { Trans, useLingui } from '@lingui/react/macro'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { toSi, type UnitChoice } from '../../contract/rules/units'
import { bodyMassIndex } from '../../contract/rules/vital-ranges'
import type { VitalSign } from '../../contract/schemas/encounters'
import { TextField } from '../TextField'
import {
  FIXED_UNITS,
  shownVitalSign,
  UNIT_SYMBOLS,
  VITAL_SIGN_FIELDS,
  VITAL_SIGN_NAMES,
  type VitalSignField,
} from './vital-signs'
import './vital-signs.css'

/** A typed measure in SI, or null while it is not a number (the BMI waits for both). */
function typedSi(typed: string, measure: 'weight' | 'height', units: UnitChoice): number | null {
  const value = Number(typed.trim().replace(',', '.'))
  if (typed.trim() === '' || Number.isNaN(value)) return null
  return toSi(measure, units[measure] as never, value)
}

export interface VitalSignsFieldsProps {
  /** The signs asked for, in order (all of them when omitted). */
  signs?: readonly VitalSignField[]
  /** The form's binding of one sign's input (its name is `vitals.<sign>`). */
  register: (name: `vitals.${VitalSign}`) => UseFormRegisterReturn
  message: (name: string) => string | undefined
  units: UnitChoice
  /** The patient's last recorded values (SI), each shown under its input; null: none. */
  last: Readonly<Record<string, unknown>> | null
  /** Weight and height as typed, for the BMI; without them no BMI is shown. */
  bmiFrom?: { weight: string; height: string }
  legend?: string
  /** The signs the record requires (marked as such); none by default. */
  required?: readonly VitalSign[]
}

/**
 * Vital signs (SPEC §5 ranges) in the units this device uses, each with the patient's last value
 * beside it for comparison, and the BMI computed as weight and height are typed (never typed
 * itself). Shared by the consultation and the COVID triage.
 */
export function VitalSignsFields({
  signs = VITAL_SIGN_FIELDS,
  register,
  message,
  units,
  last,
  bmiFrom,
  legend,
  required = [],
}: VitalSignsFieldsProps) {
  const { t, i18n } = useLingui()
  const unitOf = (sign: VitalSign, measure: keyof UnitChoice | undefined) =>
    measure ? UNIT_SYMBOLS[units[measure]] : (FIXED_UNITS[sign] ?? '')
  const bmi = bmiFrom
    ? bodyMassIndex(typedSi(bmiFrom.weight, 'weight', units), typedSi(bmiFrom.height, 'height', units))
    : null
  const lastBmi =
    bmiFrom && last ? bodyMassIndex(last.weight_kg as number | null, last.height_m as number | null) : null
  return (
    <fieldset className="form-section">
      <legend>{legend ?? t`Signos vitales y somatometría`}</legend>
      {last && (
        <p className="form-hint">
          <Trans>Bajo cada campo, el último valor registrado del paciente.</Trans>
        </p>
      )}
      <div className="vital-signs">
        {signs.map(({ sign, measure, integer }) => {
          const unit = unitOf(sign, measure)
          const previous = last ? shownVitalSign(sign, units, last[sign]) : ''
          return (
            <div key={sign} className="vital-signs__sign">
              <TextField
                label={`${i18n._(VITAL_SIGN_NAMES[sign])} (${unit})`}
                inputMode={integer ? 'numeric' : 'decimal'}
                aria-required={required.includes(sign) || undefined}
                autoComplete="off"
                error={message(`vitals.${sign}`)}
                {...register(`vitals.${sign}`)}
              />
              <span className="vital-signs__last">
                {previous !== '' && (
                  <Trans>
                    Última: {previous} {unit}
                  </Trans>
                )}
              </span>
            </div>
          )
        })}
        {bmiFrom && (
          <div className="vital-signs__sign">
            <output className="vital-signs__bmi" aria-live="polite">
              <span>{t`IMC (kg/m²)`}</span>
              <strong>{bmi ?? '—'}</strong>
            </output>
            <span className="vital-signs__last">{lastBmi !== null && <Trans>Último: {lastBmi}</Trans>}</span>
          </div>
        )}
      </div>
    </fieldset>
  )
}
