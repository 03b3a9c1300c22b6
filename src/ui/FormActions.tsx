import { Trans } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'
import { Button } from './Button'

interface FormActionsProps {
  /** The form is being sent: Guardar shows it and takes no second press. */
  submitting: boolean
  /** Cancelar leads back to this screen (a page's form)… */
  cancelTo?: LinkProps['to']
  /** …or does this (a form inside a screen, which closes it). Neither: no Cancelar. */
  onCancel?: () => void
}

/** The closing row of a form: Cancelar, then Guardar, which submits it. */
export function FormActions({ submitting, cancelTo, onCancel }: FormActionsProps) {
  return (
    <div className="form-actions">
      {cancelTo !== undefined && (
        <Link className="button" data-variant="secondary" to={cancelTo}>
          <Trans>Cancelar</Trans>
        </Link>
      )}
      {cancelTo === undefined && onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </Button>
      )}
      <Button type="submit" loading={submitting}>
        <Trans>Guardar</Trans>
      </Button>
    </div>
  )
}
