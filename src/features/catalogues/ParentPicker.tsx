import { useLingui } from '@lingui/react/macro'
import { useCall } from '../../api/use-call'
import { catalogueCalls } from '../../contract/endpoints/catalogues'
import type { CatalogueName } from '../../contract/schemas/catalogue-definitions'
import { SelectField } from '../../ui/SelectField'
import { PARENT_LABELS } from './catalogue-texts'

/**
 * The value of another catalogue a value belongs to (a diagnosis's system, a sub-classification's
 * classification), read online like the rest of the screen: the active ones, and the current one
 * even if it was deactivated since.
 */
export function ParentPicker({
  catalogue,
  owner,
  value,
  onChange,
  error,
}: {
  catalogue: CatalogueName
  owner: CatalogueName
  value: string | null
  onChange: (value: string | null) => void
  error?: string | undefined
}) {
  const { t, i18n } = useLingui()
  const parents = useCall(catalogueCalls[catalogue].all)
  const label = PARENT_LABELS[owner]
  const options = (parents.data ?? [])
    .filter((parent) => parent.active || parent.id === value)
    .map((parent) => ({
      value: parent.id,
      label: parent.code ? `${parent.name} (${parent.code})` : parent.name,
    }))
  return (
    <SelectField
      label={label ? i18n._(label) : t`Pertenece a`}
      placeholder={t`Elige una opción`}
      options={options}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      error={error}
    />
  )
}
