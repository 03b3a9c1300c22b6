import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** A client route that does not exist (the server sends index.html for any page path). */
export function NotFoundPage() {
  return (
    <main style={{ padding: 'var(--space-6)', textAlign: 'center' }}>
      <h1>
        <Trans>Página no encontrada</Trans>
      </h1>
      <p>
        <Link to="/">
          <Trans>Volver al inicio</Trans>
        </Link>
      </p>
    </main>
  )
}
