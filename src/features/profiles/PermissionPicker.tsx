import { useLingui } from '@lingui/react/macro'
import type { PermissionCatalogue } from '../../contract/schemas/roles'
import { Checkbox } from '../../ui/Checkbox'
import { groupLabel, permissionLabel } from './permission-labels'
import './profiles.css'

/** The permission catalogue by family, each family with its own select-all. */
export function PermissionPicker({
  catalogue,
  value,
  onChange,
}: {
  catalogue: PermissionCatalogue
  value: string[]
  onChange: (permissions: string[]) => void
}) {
  const { t, i18n } = useLingui()
  const chosen = new Set(value)
  // A family name can appear both as screens and as actions: the kind keeps their keys apart.
  const groups = [
    ...Object.entries(catalogue.routes).map(([group, names]) => ({ id: `routes-${group}`, group, names })),
    ...Object.entries(catalogue.actions).map(([group, names]) => ({ id: `actions-${group}`, group, names })),
  ]
  const set = (names: readonly string[], on: boolean) => {
    const next = new Set(chosen)
    for (const name of names) {
      if (on) next.add(name)
      else next.delete(name)
    }
    onChange([...next].sort())
  }
  return (
    <div className="permission-picker">
      <h2>{t`Permisos`}</h2>
      {groups.map(({ id, group, names }) => {
        const all = names.every((name) => chosen.has(name))
        const title = groupLabel(group, i18n)
        return (
          <fieldset key={id} className="permission-group">
            <legend>{title}</legend>
            <Checkbox
              label={t`Seleccionar todo: ${title}`}
              checked={all}
              onCheckedChange={(on) => set(names, on)}
            />
            <div className="permission-group__items">
              {names.map((name) => (
                <Checkbox
                  key={name}
                  label={permissionLabel(name, i18n)}
                  checked={chosen.has(name)}
                  onCheckedChange={(on) => set([name], on)}
                />
              ))}
            </div>
          </fieldset>
        )
      })}
    </div>
  )
}
