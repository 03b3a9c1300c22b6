import { Trans, useLingui } from '@lingui/react/macro'
import { useCall } from '../../api/use-call'
import { notAssignedTotal } from '../../contract/endpoints/assignments'
import type { MassiveFilters } from '../../contract/schemas/assignments'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { FormDialog } from '../../ui/FormDialog'
import { errorMessage } from '../../ui/form/error-message'
import { ProgressBar } from '../../ui/ProgressBar'
import { Spinner } from '../../ui/Spinner'
import type { Assignments } from './use-assignments'

/**
 * The massive assignment (SPEC §7 not-assignment/total, assignment/massive): how many patients
 * the top filters find that nobody has, confirmed, then taken by the caller — assigned with
 * `assignments.create`, otherwise asked for in one request (docs/decisions/0009-assignments.md).
 */
export function MassiveDialog({
  assignments,
  filters,
  mayAssign,
}: {
  assignments: Assignments
  filters: MassiveFilters
  /** Whether the caller is assigned straight away (else a request waits for an administrator). */
  mayAssign: boolean
}) {
  const { t, i18n } = useLingui()
  const total = useCall(notAssignedTotal, { query: filters }, JSON.stringify(filters), assignments.massive)
  if (!assignments.massive) return null
  const { busy, failure } = assignments
  const count = total.data?.total ?? 0
  return (
    <FormDialog open title={t`Asignación masiva`} onClose={() => assignments.close()}>
      <div className="rule-form">
        {total.status === 'loading' ? (
          <Spinner />
        ) : total.status === 'error' ? (
          <Alert>{errorMessage(total.error, i18n)}</Alert>
        ) : count === 0 ? (
          <p className="dialog__message">
            <Trans>Ningún paciente sin asignar cumple los filtros.</Trans>
          </p>
        ) : mayAssign ? (
          <p className="dialog__message">
            <Trans>{count} pacientes sin asignar cumplen los filtros. ¿Asignártelos?</Trans>
          </p>
        ) : (
          <p className="dialog__message">
            <Trans>{count} pacientes sin asignar cumplen los filtros. ¿Solicitar su asignación?</Trans>
          </p>
        )}
        {busy && <ProgressBar label={t`Enviando…`} value={null} />}
        {failure && <Alert>{failure}</Alert>}
        <div className="dialog__actions">
          <Button variant="secondary" disabled={busy} onClick={() => assignments.close()}>
            <Trans>Cancelar</Trans>
          </Button>
          <Button
            loading={busy}
            disabled={total.status !== 'loaded' || count === 0}
            onClick={() => void assignments.takeFiltered(filters)}
          >
            <Trans>Confirmar</Trans>
          </Button>
        </div>
      </div>
    </FormDialog>
  )
}
