import { useLingui } from '@lingui/react/macro'
import { Controller } from 'react-hook-form'
import { useCatalogueOptions } from '../../catalogs/use-catalog'
import { Checkbox } from '../../ui/Checkbox'
import type { SectionProps } from './form-section'

/**
 * The subgroups the patient belongs to (issue 18): each active subgroup of the tenant's catalogue
 * with its items, in their order, as checkboxes, from the device's copy so it works offline. An
 * item the catalogue no longer offers stays on the patient until someone edits this section,
 * which then drops it (the server accepts only live items).
 */
export function SubgroupsSection({ form, message }: SectionProps) {
  const { t } = useLingui()
  const subgroups = useCatalogueOptions('subgroups')
  return (
    <fieldset className="form-section">
      <legend>{t`Subgrupos`}</legend>
      {subgroups?.length === 0 && <p className="form-hint">{t`No hay subgrupos en el catálogo.`}</p>}
      <Controller
        control={form.control}
        name="subgroups"
        render={({ field }) => {
          const chosen = field.value ?? []
          const offered = new Set(
            (subgroups ?? []).flatMap((subgroup) => subgroup.items.map((item) => item.id)),
          )
          return (
            <>
              {(subgroups ?? []).map((subgroup) => (
                <fieldset key={subgroup.id} className="form-section form-section--nested">
                  <legend>{subgroup.name}</legend>
                  <div className="checklist">
                    {subgroup.items.map((item) => (
                      <Checkbox
                        key={item.id}
                        label={item.name}
                        checked={chosen.includes(item.id)}
                        onCheckedChange={(checked) => {
                          const kept = chosen.filter((id) => offered.has(id) && id !== item.id)
                          field.onChange(checked ? [...kept, item.id] : kept)
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
      {message('subgroups') && (
        <p className="field__error" role="alert">
          {message('subgroups')}
        </p>
      )}
    </fieldset>
  )
}
