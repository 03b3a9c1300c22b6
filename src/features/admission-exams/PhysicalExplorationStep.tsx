import { useLingui } from '@lingui/react/macro'
import type { UnitChoice } from '../../contract/rules/units'
import type { VitalSign } from '../../contract/schemas/encounters'
import { TextField } from '../../ui/TextField'
import { VitalSignsFields } from '../../ui/vital-signs/VitalSignsFields'
import { REGION_NAMES } from './admission-texts'
import { NoteFields } from './NoteFields'
import type { StepProps } from './step-props'

/** The signs the contract requires of the exploration (the others may stay empty). */
const REQUIRED_SIGNS: readonly VitalSign[] = ['weight_kg', 'height_m', 'systolic', 'diastolic', 'heart_rate']

/**
 * Physical exploration: the vital signs and somatometry in this device's units (the shared
 * fields, SPEC §5 ranges), perimeters, visual acuity and the findings by body region.
 */
export function PhysicalExplorationStep({
  form,
  message,
  units,
  last,
}: StepProps & { units: UnitChoice; last: Readonly<Record<string, unknown>> | null }) {
  const { t } = useLingui()
  const at = (name: string) => `physical_exploration.${name}`
  return (
    <>
      <VitalSignsFields
        register={(name) => form.register(`physical_exploration.${name}`)}
        message={(name) => message(at(name))}
        units={units}
        last={last}
        required={REQUIRED_SIGNS}
        bmiFrom={{
          weight: form.watch('physical_exploration.vitals.weight_kg'),
          height: form.watch('physical_exploration.vitals.height_m'),
        }}
      />
      <fieldset className="form-section">
        <legend>{t`Perímetros y agudeza visual`}</legend>
        <div className="form-grid">
          <TextField
            label={t`Cintura (cm)`}
            inputMode="decimal"
            autoComplete="off"
            error={message(at('waist_cm'))}
            {...form.register('physical_exploration.waist_cm')}
          />
          <TextField
            label={t`Cadera (cm)`}
            inputMode="decimal"
            autoComplete="off"
            error={message(at('hip_cm'))}
            {...form.register('physical_exploration.hip_cm')}
          />
          <TextField
            label={t`Agudeza visual, ojo derecho`}
            placeholder="20/20"
            maxLength={20}
            error={message(at('visual_acuity_right'))}
            {...form.register('physical_exploration.visual_acuity_right')}
          />
          <TextField
            label={t`Agudeza visual, ojo izquierdo`}
            placeholder="20/20"
            maxLength={20}
            error={message(at('visual_acuity_left'))}
            {...form.register('physical_exploration.visual_acuity_left')}
          />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t`Hallazgos por región`}</legend>
        <NoteFields form={form} message={message} prefix="physical_exploration" names={REGION_NAMES} />
      </fieldset>
    </>
  )
}
