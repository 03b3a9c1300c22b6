import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { FormDialog } from '../../ui/FormDialog'
import { ProgressBar } from '../../ui/ProgressBar'
import { SelectField } from '../../ui/SelectField'
import type { Assignments } from './use-assignments'

/** Picks the professional the chosen patients are assigned to (or unassigned from), and sends. */
export function ProfessionalDialog({
  assignments,
  professionals,
}: {
  assignments: Assignments
  professionals: ReadonlyArray<{ value: string; label: string }>
}) {
  const { t } = useLingui()
  const [userId, setUserId] = useState('')
  const { choice, busy, failure } = assignments
  if (!choice) return null
  const count = choice.patientIds.length
  const title =
    choice.action === 'unassign'
      ? t`Desasignar de un profesional`
      : choice.single
        ? t`Asignar a ${choice.single}`
        : t`Asignar a un profesional`
  return (
    <FormDialog open title={title} onClose={() => assignments.close()}>
      <form
        className="rule-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void assignments.toProfessional(userId)
        }}
      >
        <p className="dialog__message">
          {choice.action === 'unassign' ? (
            <Trans>{count} pacientes dejarán de estar asignados al profesional que elijas.</Trans>
          ) : (
            <Trans>{count} pacientes quedarán asignados al profesional que elijas.</Trans>
          )}
        </p>
        <SelectField
          label={t`Profesional`}
          placeholder={t`Selecciona…`}
          options={professionals}
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
        />
        {busy && <ProgressBar label={t`Enviando…`} value={null} />}
        {failure && <Alert>{failure}</Alert>}
        <div className="dialog__actions">
          <Button variant="secondary" disabled={busy} onClick={() => assignments.close()}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            {choice.action === 'unassign' ? <Trans>Desasignar</Trans> : <Trans>Asignar</Trans>}
          </Button>
        </div>
      </form>
    </FormDialog>
  )
}
