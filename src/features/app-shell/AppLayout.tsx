import { Trans, useLingui } from '@lingui/react/macro'
import { Link, Outlet, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useApiBusy } from '../../api/activity'
import { call } from '../../api/client'
import { logout } from '../../contract/endpoints/authentication'
import { endSession } from '../../session/end-session'
import { homeRoute } from '../../session/guard'
import { canSwitchMode, type Mode, storedMode, storeMode } from '../../session/mode'
import { currentSession, hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { Button } from '../../ui/Button'
import { LanguageSwitch } from '../../ui/LanguageSwitch'
import { LoadingBar } from '../../ui/LoadingBar'
import { Notices } from '../../ui/notices'
import './app-shell.css'
import { PermissionDeniedDialog } from './PermissionDeniedDialog'
import { PATIENT_MENU } from './patient-menu'
import { Sidebar } from './Sidebar'
import { SyncStatus } from './SyncStatus'
import { useEngineLifecycle } from './use-engine-lifecycle'
import { useMenus } from './use-menus'

/** The shared layout of the signed-in screens: header, sidebar, the screen, the denial dialog. */
export function AppLayout() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const session = useSession()
  const menus = useMenus()
  const [mode, setMode] = useState<Mode>(() => storedMode(session))
  const [menuOpen, setMenuOpen] = useState(false)
  const busy = useApiBusy()
  const pull = useEngineLifecycle()

  const switchMode = () => {
    const next: Mode = mode === 'role' ? 'patient' : 'role'
    storeMode(next)
    setMode(next)
    const user = session?.user
    const to =
      next === 'patient' ? '/dashboard/patient-home' : homeRoute(user?.permissions ?? [], null, false)
    void navigate({ to })
  }

  const signOut = async () => {
    const refreshToken = currentSession()?.refreshToken
    // Best effort: offline, the token simply expires; the local data and its outbox stay.
    await call(logout, { body: { refreshToken } }).catch(() => undefined)
    endSession('signed-out')
    void navigate({ to: '/' })
  }

  if (!session) return null
  const fullName = `${session.user.name} ${session.user.last_name}`.trim()
  return (
    <div className="app" data-menu-open={menuOpen}>
      <LoadingBar active={busy} />
      <header className="app__header">
        <button
          type="button"
          className="app__menu-button"
          aria-label={t`Menú`}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          ☰
        </button>
        <span className="app__product">
          <Trans>Salud Ocupacional</Trans>
        </span>
        <span className="app__spacer" />
        <SyncStatus pull={pull} />
        <span className="app__user">
          {hasPermission(session, 'profile-edit') ? (
            <Link to="/profile" aria-label={t`Mi perfil: ${fullName}`}>
              {fullName}
            </Link>
          ) : (
            fullName
          )}
          {session.user.role && <small>{session.user.role.name}</small>}
        </span>
        {canSwitchMode(session) && (
          <Button variant="secondary" onClick={switchMode}>
            {mode === 'role' ? <Trans>Modo paciente</Trans> : <Trans>Modo profesional</Trans>}
          </Button>
        )}
        <LanguageSwitch />
        <Button variant="ghost" onClick={signOut}>
          <Trans>Cerrar sesión</Trans>
        </Button>
      </header>
      <aside className="app__sidebar" aria-label={t`Navegación`}>
        <Sidebar menus={mode === 'patient' ? PATIENT_MENU : menus} onNavigate={() => setMenuOpen(false)} />
      </aside>
      <main className="app__main">
        <Outlet />
      </main>
      <PermissionDeniedDialog />
      <Notices />
    </div>
  )
}
