import { Trans, useLingui } from '@lingui/react/macro'
import { Dialog } from 'radix-ui'
import { useState } from 'react'
import * as v from 'valibot'
import { WRITE_ONLY_PATIENT_FIELDS } from '../../contract/schemas/patient'
import type { LocalDb, OutboxEntry } from '../../db/local-db'
import { currentEngine } from '../../sync/current-engine'
import { entrySchema } from '../../sync/entry-schema'
import { editEntry } from '../../sync/outbox'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { issueMessage } from '../../ui/form/field-errors'
import { notify } from '../../ui/notices'
import { TextField } from '../../ui/TextField'
import { displayValue, fieldLabel } from './field-labels'

const WRITE_ONLY: ReadonlySet<string> = new Set(WRITE_ONLY_PATIENT_FIELDS)

/** Ids tie the entry to its record and to other entries: they are never edited. */
const FIXED = new Set(['id', 'patient_id'])

/** Text typed in a field, read back as the kind of value the entry held there. */
function typedValue(text: string, original: unknown): unknown {
  const trimmed = text.trim()
  if (typeof original === 'number') return trimmed === '' ? null : Number(trimmed)
  if (typeof original === 'boolean') return trimmed === '' ? null : trimmed === 'true'
  // Lists and records are shown as JSON (displayValue): read them back the same way.
  if (typeof original === 'object' && original !== null) {
    try {
      return JSON.parse(trimmed || 'null')
    } catch {
      return trimmed
    }
  }
  if (trimmed === '' && (original === null || original === undefined)) return null
  return trimmed
}

/**
 * Corrects a change the server refused (DESIGN §5: retry, edit or discard): the fields the entry
 * carries, with the server's messages next to them, checked against the same contract schema as
 * the original form before it goes back in the queue.
 */
export function EditEntryDialog({
  db,
  entry,
  onClose,
}: {
  db: LocalDb
  entry: OutboxEntry
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const fields = Object.keys(entry.body).filter((field) => !FIXED.has(field))
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field, displayValue(entry.body[field])])),
  )
  const [errors, setErrors] = useState<Record<string, string[]>>(entry.fieldErrors ?? {})
  const [failure, setFailure] = useState<string | null>(null)

  const save = async () => {
    const changes = Object.fromEntries(
      fields.map((field) => [field, typedValue(texts[field] ?? '', entry.body[field])]),
    )
    const checked = v.safeParse(entrySchema(entry), { ...entry.body, ...changes })
    if (!checked.success) {
      const found: Record<string, string[]> = {}
      for (const issue of checked.issues) {
        const field = v.getDotPath(issue) ?? ''
        found[field] = [...(found[field] ?? []), issueMessage(issue, i18n)]
      }
      setErrors(found)
      return
    }
    try {
      await editEntry(db, entry.seq as number, changes)
      currentEngine()?.loop.kick()
      notify(t`Cambio corregido; se enviará de nuevo`)
      onClose()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog__title">{t`Corregir el cambio`}</Dialog.Title>
          <Dialog.Description className="dialog__message">
            {entry.lastError ?? <Trans>Corrige los datos y se enviará de nuevo.</Trans>}
          </Dialog.Description>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              void save()
            }}
          >
            <div className="sync-edit__fields">
              {fields.map((field) => (
                <TextField
                  key={field}
                  // A password waiting in the entry is never shown in clear.
                  type={WRITE_ONLY.has(field) ? 'password' : 'text'}
                  label={fieldLabel(field, i18n)}
                  value={texts[field] ?? ''}
                  error={errors[field]?.join(' ')}
                  onChange={(event) => setTexts((now) => ({ ...now, [field]: event.target.value }))}
                />
              ))}
            </div>
            {failure && <Alert>{failure}</Alert>}
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <Button variant="secondary">
                  <Trans>Cancelar</Trans>
                </Button>
              </Dialog.Close>
              <Button type="submit">
                <Trans>Guardar y reenviar</Trans>
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
