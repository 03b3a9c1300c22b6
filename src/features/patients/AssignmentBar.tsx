import { Trans, useLingui } from '@lingui/react/macro'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import type { Assignments } from './use-assignments'

/**
 * What is selected in the patients list and what may be done with it, each action shown only to
 * who holds its permission: assign to a professional, unassign, and the massive assignment of the
 * top filters. The selection rule's message shows here.
 */
export function AssignmentBar({
  assignments,
  pageIds,
  can,
}: {
  assignments: Assignments
  /** The rows of the page shown. */
  pageIds: readonly string[]
  can: (permission: string) => boolean
}) {
  const { t } = useLingui()
  const { selected } = assignments
  const selecting = can('assignments.create') || can('assignments.delete')
  const wholePage = pageIds.length > 0 && pageIds.every((id) => selected.has(id))
  return (
    <>
      <div className="patients__selection">
        {selecting && (
          <>
            <Checkbox
              label={t`Seleccionar todos en la página`}
              checked={wholePage}
              onCheckedChange={(on) => assignments.togglePage(pageIds, on)}
            />
            <span className="patients__selection-count" aria-live="polite">
              <Trans>{selected.size} pacientes seleccionados</Trans>
            </span>
          </>
        )}
        {can('assignments.create') && (
          <Button onClick={() => assignments.openForSelection('assign')}>
            <Trans>Asignar a un profesional</Trans>
          </Button>
        )}
        {can('assignments.delete') && (
          <Button variant="secondary" onClick={() => assignments.openForSelection('unassign')}>
            <Trans>Desasignar</Trans>
          </Button>
        )}
        {can('assignments.bulk-request') && (
          <Button variant="secondary" onClick={() => assignments.openMassive()}>
            <Trans>Asignación masiva</Trans>
          </Button>
        )}
      </div>
      {assignments.rule && <Alert>{assignments.rule}</Alert>}
      {assignments.result && (
        <p className="patients__result" role="status">
          {assignments.result}
        </p>
      )}
    </>
  )
}
