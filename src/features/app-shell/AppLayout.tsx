import { Trans, useLingui } from '@lingui/react/macro'
import { Outlet, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useApiBusy } from '../../api/activity'
import { call } from '../../api/client'
import { logout } from '../../contract/endpoints/authentication'
import { endSession } from '../../session/end-session'
import { homeRoute } from '../../session/guard'
import { canSwitchMode, type Mode, storedMode, storeMode } from '../../session/mode'
import { currentSession, hasPermission } from '../../session/session-store'
import { useSession } from '../../session/use-session'
import { LoadingBar } from '../../ui/LoadingBar'
import { Notices } from '../../ui/notices'
import './app-shell.css'
import { PermissionDeniedDialog } from './PermissionDeniedDialog'
import { PATIENT_MENU } from './patient-menu'
import { Sidebar } from './Sidebar'
import { SyncStatus } from './SyncStatus'
import { useStaffScreensCached } from './staff-screens'
import { UserMenu } from './UserMenu'
import { useEngineLifecycle } from './use-engine-lifecycle'
import { useMenus } from './use-menus'
import { useSidebarCollapsed } from './use-sidebar-collapsed'
import { useTenantName } from './use-tenant-name'

/** Up to this width the sidebar is a drawer over the screen (the same break as app-shell.css). */
const DRAWER_QUERY = '(max-width: 60rem)'

/** The shared layout of the signed-in screens: header, sidebar, the screen, the denial dialog. */
export function AppLayout() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const session = useSession()
  const menus = useMenus()
  const [mode, setMode] = useState<Mode>(() => storedMode(session))
  const [menuOpen, setMenuOpen] = useState(false)
  const [collapsed, setCollapsed] = useSidebarCollapsed()
  const tenantName = useTenantName()
  const busy = useApiBusy()
  const pull = useEngineLifecycle()
  useStaffScreensCached()

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
  // One button: on a phone (and a narrow tablet) it opens the drawer, wider it folds the sidebar.
  const drawer = () => window.matchMedia(DRAWER_QUERY).matches
  const toggleMenu = () => (drawer() ? setMenuOpen(!menuOpen) : setCollapsed(!collapsed))
  return (
    <div className="app" data-menu-open={menuOpen} data-sidebar-collapsed={collapsed || undefined}>
      <LoadingBar active={busy} />
      <header className="app__header">
        <button
          type="button"
          className="app__menu-button"
          aria-label={t`Menú`}
          aria-controls="app-sidebar"
          aria-expanded={drawer() ? menuOpen : !collapsed}
          onClick={toggleMenu}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <span className="app__tenant">{tenantName ?? <Trans>Salud Ocupacional</Trans>}</span>
        {/* A slot of fixed size: what the sync says never moves the page (CLS). */}
        <div className="app__status">
          <SyncStatus pull={pull} landlord={session.isLandlord} />
        </div>
        <UserMenu
          fullName={fullName}
          roleName={session.user.role?.name ?? null}
          canEditProfile={hasPermission(session, 'profile-edit')}
          mode={canSwitchMode(session) ? mode : null}
          onSwitchMode={switchMode}
          onSignOut={() => void signOut()}
        />
      </header>
      <aside className="app__sidebar" id="app-sidebar" aria-label={t`Navegación`}>
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
