import { Trans, useLingui } from '@lingui/react/macro'
import { Dialog } from 'radix-ui'
import { useState } from 'react'
import { call } from '../../api/client'
import { ApiError } from '../../api/errors'
import { createRule, updateRule } from '../../contract/endpoints/assignments'
import {
  type AssignationFilters,
  type AssignationRule,
  PATIENT_FILTER_FIELDS,
  type PatientFilters,
} from '../../contract/schemas/assignments'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { errorMessage } from '../../ui/form/error-message'
import { notify } from '../../ui/notices'
import { SelectField } from '../../ui/SelectField'
import { TextField } from '../../ui/TextField'
import './assignments.css'

type FilterField = (typeof PATIENT_FILTER_FIELDS)[number]

/**
 * Creates or edits an assignation-patient rule: a name, a professional and the top filters whose
 * patients are assigned to them when it is saved.
 */
export function RuleDialog({
  rule,
  options,
  onClose,
  onSaved,
}: {
  /** Null creates a rule. */
  rule: AssignationRule | null
  options: AssignationFilters | undefined
  onClose: () => void
  onSaved: () => void
}) {
  const { t, i18n } = useLingui()
  const [name, setName] = useState(rule?.name ?? '')
  const [userId, setUserId] = useState(rule?.user_id ?? '')
  const [filters, setFilters] = useState<PatientFilters>(rule?.filters ?? {})
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const labels: Record<FilterField, string> = {
    administrative_status: t`Estatus administrativo`,
    gender: t`Género`,
    exam_frequency: t`Frecuencia de examen periódico`,
    address_state_code: t`Estado (clave INEGI)`,
    address_municipality_code: t`Municipio (clave INEGI)`,
  }

  const save = async () => {
    setBusy(true)
    setErrors({})
    setFailure(null)
    const body = { name, user_id: userId, filters }
    try {
      if (rule) await call(updateRule, { params: { id: rule.id }, body })
      else await call(createRule, { body })
      notify(t`Asignación guardada`)
      onSaved()
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors)
      else setFailure(errorMessage(error, i18n))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog rule-dialog">
          <Dialog.Title className="dialog__title">
            {rule ? t`Editar asignación de pacientes` : t`Nueva asignación de pacientes`}
          </Dialog.Title>
          <Dialog.Description className="dialog__message">
            <Trans>Los pacientes que cumplan los filtros se asignan al profesional al guardar.</Trans>
          </Dialog.Description>
          <form
            className="rule-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              void save()
            }}
          >
            <TextField
              label={t`Nombre`}
              value={name}
              error={errors.name?.join(' ')}
              onChange={(event) => setName(event.target.value)}
            />
            <SelectField
              label={t`Profesional`}
              value={userId}
              error={errors.user_id?.join(' ')}
              placeholder={t`Selecciona…`}
              options={options?.professionals ?? []}
              onChange={(event) => setUserId(event.target.value)}
            />
            {PATIENT_FILTER_FIELDS.map((field) => (
              <SelectField
                key={field}
                label={labels[field]}
                value={filters[field] ?? ''}
                placeholder={t`Cualquiera`}
                options={(options?.[field] ?? []).map((value) => ({ value, label: value }))}
                onChange={(event) => setFilters((now) => ({ ...now, [field]: event.target.value }))}
              />
            ))}
            {errors.filters && <Alert>{errors.filters.join(' ')}</Alert>}
            {failure && <Alert>{failure}</Alert>}
            <div className="dialog__actions">
              <Dialog.Close asChild>
                <Button variant="secondary" disabled={busy}>
                  <Trans>Cancelar</Trans>
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={busy}>
                <Trans>Guardar</Trans>
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
