import { useLingui } from '@lingui/react/macro'
import { Controller } from 'react-hook-form'
import { useSpecialLabels } from '../../catalogs/use-catalog'
import { Checkbox } from '../../ui/Checkbox'
import type { SectionProps } from './form-section'

/**
 * The tenant's special labels the patient carries (SPEC §3): each label's sublabels as
 * checkboxes, from the device's copy of the catalogue, so it works offline. A sublabel the
 * catalogue no longer offers stays on the patient until someone edits this section, which then
 * drops it (the server accepts only live sublabels).
 */
export function SpecialLabelsSection({ form, message }: SectionProps) {
  const { t } = useLingui()
  const labels = useSpecialLabels()
  return (
    <fieldset className="form-section">
      <legend>{t`Etiquetas especiales`}</legend>
      {labels?.length === 0 && <p className="form-hint">{t`No hay etiquetas especiales en el catálogo.`}</p>}
      <Controller
        control={form.control}
        name="special_sublabel_ids"
        render={({ field }) => {
          const chosen = field.value ?? []
          const offered = new Set((labels ?? []).flatMap((label) => label.sublabels.map((s) => s.id)))
          return (
            <>
              {(labels ?? []).map((label) => (
                <fieldset key={label.id} className="form-section form-section--nested">
                  <legend>{label.name}</legend>
                  <div className="checklist">
                    {label.sublabels.map((sublabel) => (
                      <Checkbox
                        key={sublabel.id}
                        label={sublabel.name}
                        checked={chosen.includes(sublabel.id)}
                        onCheckedChange={(checked) => {
                          const kept = chosen.filter((id) => offered.has(id) && id !== sublabel.id)
                          field.onChange(checked ? [...kept, sublabel.id] : kept)
                        }}
                      />
                    ))}
                  </div>
                </fieldset>
              ))}
            </>
          )
        }}
      />
      {message('special_sublabel_ids') && (
        <p className="field__error" role="alert">
          {message('special_sublabel_ids')}
        </p>
      )}
    </fieldset>
  )
}
