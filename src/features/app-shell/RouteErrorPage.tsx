import { Trans } from '@lingui/react/macro'
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { useConnection } from '../../api/connection'
import { Button } from '../../ui/Button'

/**
 * A screen's code that did not arrive: offline before the service worker cached it. Chromium,
 * Firefox and Safari word the failed `import()` each their own way, and Vite's loader says so of
 * a chunk's stylesheet.
 */
export const isMissingCode = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)

/**
 * What a screen that failed shows in its place (every route's error boundary, `router.ts`), in
 * the user's language, inside the layout around it, so the menu and the header stay. The nurse
 * reads that what she saved is safe, and can try again; a screen whose code did not arrive
 * offline says so, and is tried again by itself when the connection comes back.
 */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const missingCode = isMissingCode(error)
  const retry = useCallback(() => {
    reset()
    void router.invalidate()
  }, [reset, router])
  const connection = useConnection()
  const seen = useRef(connection)
  useEffect(() => {
    const before = seen.current
    seen.current = connection
    if (missingCode && before !== 'online' && connection === 'online') retry()
  }, [connection, missingCode, retry])
  return (
    <main role="alert" style={{ padding: 'var(--space-6)', textAlign: 'center' }}>
      <h1>
        {missingCode ? (
          <Trans>Esta pantalla aún no está en este dispositivo</Trans>
        ) : (
          <Trans>La pantalla no pudo mostrarse</Trans>
        )}
      </h1>
      <p>
        {missingCode ? (
          <Trans>Se abrirá cuando vuelva la conexión. Lo que ya guardaste sigue en este dispositivo.</Trans>
        ) : (
          <Trans>Ocurrió un error inesperado. Lo que ya guardaste sigue en este dispositivo.</Trans>
        )}
      </p>
      <p
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 'var(--space-4)',
          justifyContent: 'center',
          alignItems: 'center',
        }}
      >
        <Button onClick={retry}>
          <Trans>Reintentar</Trans>
        </Button>
        <Link to="/">
          <Trans>Volver al inicio</Trans>
        </Link>
      </p>
    </main>
  )
}
