import { Trans } from '@lingui/react/macro'

/** SPEC §2 home-empty: a signed-in user whose profile opens no screen yet. */
export function HomeEmptyPage() {
  return (
    <section className="page">
      <h1>
        <Trans>Bienvenido</Trans>
      </h1>
      <p>
        <Trans>
          Tu perfil todavía no tiene pantallas asignadas. Pide a tu administrador los permisos que necesitas.
        </Trans>
      </p>
    </section>
  )
}
