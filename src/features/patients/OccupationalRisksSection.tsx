import { useLingui } from '@lingui/react/macro'
import { Controller } from 'react-hook-form'
import { OCCUPATIONAL_RISKS } from '../../contract/schemas/catalogue-definitions'
import { RISK_LABELS } from '../../i18n/occupational-risks'
import { Checkbox } from '../../ui/Checkbox'
import type { SectionProps } from './form-section'

/**
 * The occupational risks of the patient's work (issue 21): the vaccination scheme applies by
 * them (hepatitis B for a biological risk, for instance), so the card's due dates follow from
 * what is ticked here.
 */
export function OccupationalRisksSection({ form, message }: SectionProps) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="form-section">
      <legend>{t`Riesgos laborales`}</legend>
      <p className="form-hint">{t`El esquema de vacunación aplica según estos riesgos.`}</p>
      <Controller
        control={form.control}
        name="occupational_risks"
        render={({ field }) => {
          const chosen = field.value ?? []
          return (
            <div className="checklist">
              {OCCUPATIONAL_RISKS.map((risk) => (
                <Checkbox
                  key={risk}
                  label={i18n._(RISK_LABELS[risk])}
                  checked={chosen.includes(risk)}
                  onCheckedChange={(checked) => {
                    const kept = chosen.filter((code) => code !== risk)
                    // Kept in the list's own order, so a re-tick is not a change.
                    field.onChange(
                      OCCUPATIONAL_RISKS.filter((code) => (checked ? [...kept, risk] : kept).includes(code)),
                    )
                  }}
                />
              ))}
            </div>
          )
        }}
      />
      {message('occupational_risks') && (
        <p className="field__error" role="alert">
          {message('occupational_risks')}
        </p>
      )}
    </fieldset>
  )
}
