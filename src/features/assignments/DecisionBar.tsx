import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from '../../ui/Button'

export type Decision = 'authorize' | 'refuse'

/**
 * Whether the user may decide on requests at all: only then are the selection's checkboxes and
 * this bar shown (issue 17: a doctor with no decision saw "0 solicitudes seleccionadas").
 */
export const mayDecide = (can: (permission: string) => boolean) =>
  can('assignments.concentrated-accept') || can('assignments.concentrated-refuse')

/**
 * What is selected and the two decisions on it (SPEC §4: waiting → authorized | refused), each
 * shown only to whom holds its permission; the requests and a request's patients share it. Nothing
 * at all for whom may take neither.
 */
export function DecisionBar({
  count,
  selected,
  busy,
  can,
  onDecide,
}: {
  /** The selection told in words ("3 solicitudes seleccionadas"). */
  count: ReactNode
  selected: number
  busy: boolean
  can: (permission: string) => boolean
  onDecide: (decision: Decision) => void
}) {
  if (!mayDecide(can)) return null
  return (
    <div className="selection-bar">
      <span className="selection-bar__count">{count}</span>
      {can('assignments.concentrated-accept') && (
        <Button disabled={selected === 0} loading={busy} onClick={() => onDecide('authorize')}>
          <Trans>Autorizar</Trans>
        </Button>
      )}
      {can('assignments.concentrated-refuse') && (
        <Button
          variant="secondary"
          disabled={selected === 0}
          loading={busy}
          onClick={() => onDecide('refuse')}
        >
          <Trans>Rechazar</Trans>
        </Button>
      )}
    </div>
  )
}
