import { Trans } from '@lingui/react/macro'
import { Button } from './Button'

/**
 * A list row's "Editar" and "Eliminar", each naming its row for screen readers (the visible
 * text alone would be the same on every row).
 */
export function EditDeleteActions({
  summary,
  onEdit,
  onDelete,
}: {
  /** What the row is, read after the action's name ("Eliminar 120/80, 20/11/2026"). */
  summary: string
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <span className="row-actions">
      <Button variant="ghost" onClick={onEdit}>
        <Trans>Editar</Trans>
        <span className="visually-hidden"> {summary}</span>
      </Button>
      <Button variant="ghost" onClick={onDelete}>
        <Trans>Eliminar</Trans>
        <span className="visually-hidden"> {summary}</span>
      </Button>
    </span>
  )
}
