import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { call } from '../../api/client'
import { useCall } from '../../api/use-call'
import { useRefreshCatalogs } from '../../catalogs/use-catalog'
import { editableInputsList, setEditableInput } from '../../contract/endpoints/editable-inputs'
import {
  EDITABLE_INPUTS,
  type EditableForm,
  type EditableInput,
  type EditableInputKey,
} from '../../contract/schemas/editable-inputs'
import { hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { Alert } from '../../ui/Alert'
import { Checkbox } from '../../ui/Checkbox'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { PageHeader } from '../../ui/PageHeader'
import { Spinner } from '../../ui/Spinner'
import { FORM_LABELS, INPUT_LABELS } from './input-labels'

const FORMS: EditableForm[] = [...new Set(EDITABLE_INPUTS.map((declaration) => declaration.form))]

/**
 * SPEC §2 editable-inputs-index (decision 0018): every optional input a tenant may switch off,
 * by form, each with a checkbox "shown". The inputs are the forms' own, so there is nothing to
 * create or delete: a switch is the edit, saved at once. Without the edit permission the list
 * only shows the states.
 */
export function EditableInputsPage() {
  const { t, i18n } = useLingui()
  const session = useSession()
  const canEdit = hasPermission(session, 'editable-inputs-edit')
  const inputs = useCall(editableInputsList)
  const refreshCatalogs = useRefreshCatalogs()
  const [saving, setSaving] = useState<EditableInputKey | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const listed = inputs.data
  const turn = async (input: EditableInput, enabled: boolean) => {
    setSaving(input.id)
    setFailure(null)
    try {
      await call(setEditableInput, { params: { id: input.id }, body: { enabled } })
      const label = i18n._(INPUT_LABELS[input.id])
      notify(enabled ? t`«${label}» se muestra en el formulario` : t`«${label}» se oculta del formulario`)
      inputs.reload()
      // This device's forms follow at once; the others at their next pull.
      refreshCatalogs()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setSaving(null)
    }
  }

  return (
    <section className="page">
      <PageHeader title={t`Campos editables`} />
      <p className="form-hint">
        <Trans>
          Elige qué campos opcionales muestran los formularios. Un campo oculto conserva lo que ya tenía cada
          registro; los campos obligatorios siempre se muestran.
        </Trans>
      </p>
      {failure && <Alert>{failure}</Alert>}
      {inputs.status === 'error' && <Alert>{errorMessage(inputs.error, i18n)}</Alert>}
      {listed === undefined && inputs.status === 'loading' && <Spinner />}
      {listed &&
        FORMS.map((form) => (
          <fieldset key={form} className="form-section">
            <legend>{i18n._(FORM_LABELS[form])}</legend>
            <div className="checklist">
              {listed
                .filter((input) => input.form === form)
                .map((input) => (
                  <Checkbox
                    key={input.id}
                    name={input.id}
                    label={i18n._(INPUT_LABELS[input.id])}
                    checked={input.enabled}
                    disabled={!canEdit || saving !== null}
                    onCheckedChange={(enabled) => void turn(input, enabled)}
                  />
                ))}
            </div>
          </fieldset>
        ))}
    </section>
  )
}
