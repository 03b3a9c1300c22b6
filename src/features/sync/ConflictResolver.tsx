import { Trans, useLingui } from '@lingui/react/macro'
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, useState } from 'react'
import { allCatalogueEntries } from '../../catalogs/catalogue-entries'
import type { Conflict, LocalDb } from '../../db/local-db'
import { type ConflictChoice, resolveConflicts } from '../../sync/conflicts'
import { currentEngine } from '../../sync/current-engine'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { conflictValue, fieldLabel } from './field-labels'

/**
 * One record's same-field conflicts (DESIGN §5): per field, what it was before both edits, what
 * this device wrote and what the server holds now. The person picks one side for every field;
 * nothing is decided by clocks or by default.
 */
export function ConflictResolver({
  db,
  title,
  conflicts,
}: {
  db: LocalDb
  title: string
  conflicts: Conflict[]
}) {
  const { t, i18n } = useLingui()
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // Inactive subgroups too: a patient may still carry an item of one.
  const subgroups = useLiveQuery(() => allCatalogueEntries(db, 'subgroups'), [db])
  const subgroupItems = useMemo(
    () =>
      new Map((subgroups ?? []).flatMap((subgroup) => subgroup.items.map((item) => [item.id, item.name]))),
    [subgroups],
  )
  const first = conflicts[0]
  if (!first) return null
  const decided = conflicts.every((conflict) => choices[conflict.field])
  const choose = (field: string, choice: ConflictChoice) => setChoices((now) => ({ ...now, [field]: choice }))
  const apply = async () => {
    setSaving(true)
    setFailure(null)
    try {
      const sent = await resolveConflicts(db, first.entity, first.entityId, choices)
      if (sent > 0) currentEngine()?.loop.kick()
      notify(sent > 0 ? t`Se enviarán tus valores elegidos` : t`Se conservan los valores del servidor`)
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setSaving(false)
    }
  }
  return (
    <section className="sync-conflict" aria-label={t`Conflicto en ${title}`}>
      <h3>{title}</h3>
      <table className="sync-conflicts">
        <caption className="visually-hidden">{t`Conflicto en ${title}`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Campo`}</th>
            <th scope="col">{t`Antes`}</th>
            <th scope="col">{t`Mío`}</th>
            <th scope="col">{t`Del servidor`}</th>
          </tr>
        </thead>
        <tbody>
          {conflicts.map((conflict) => {
            const label = fieldLabel(conflict.field, i18n)
            const name = `${conflict.entityId}-${conflict.field}`
            const [before, mine, theirs] = [conflict.base, conflict.mine, conflict.theirs].map((value) =>
              conflictValue(conflict.field, value, subgroupItems, i18n),
            )
            return (
              <tr key={conflict.field}>
                <th scope="row">{label}</th>
                <td>{before}</td>
                <td>
                  <label className="sync-conflict__choice">
                    <input
                      type="radio"
                      name={name}
                      checked={choices[conflict.field] === 'mine'}
                      onChange={() => choose(conflict.field, 'mine')}
                      aria-label={t`${label}: conservar el mío (${mine})`}
                    />
                    {mine}
                  </label>
                </td>
                <td>
                  <label className="sync-conflict__choice">
                    <input
                      type="radio"
                      name={name}
                      checked={choices[conflict.field] === 'theirs'}
                      onChange={() => choose(conflict.field, 'theirs')}
                      aria-label={t`${label}: usar el del servidor (${theirs})`}
                    />
                    {theirs}
                  </label>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {failure && <Alert>{failure}</Alert>}
      <div className="form-actions">
        {!decided && (
          <small>
            <Trans>Elige un valor para cada campo.</Trans>
          </small>
        )}
        <Button disabled={!decided} loading={saving} onClick={() => void apply()}>
          <Trans>Aplicar decisión</Trans>
        </Button>
      </div>
    </section>
  )
}
