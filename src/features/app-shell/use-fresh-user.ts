import { useEffect } from 'react'
import { call } from '../../api/client'
import { menusAvailable } from '../../contract/endpoints/configuration'
import { refreshSessionUser } from '../../contract/endpoints/users'
import { currentSession, updateSession } from '../../session/session-store'

/**
 * SPEC §4: the permission list is refreshed after a role edit. The user in session and the
 * sidebar are fetched again on start and whenever the app comes back to the foreground; offline,
 * the stored ones stay. The landlord's host serves menus but no tenant user to refresh: there
 * only the sidebar is asked for.
 */
export function useFreshUser(userId: string | undefined, landlord: boolean): void {
  useEffect(() => {
    if (!userId) return
    let live = true
    const refresh = async () => {
      try {
        const [user, menus] = await Promise.all([
          landlord ? undefined : call(refreshSessionUser),
          call(menusAvailable),
        ])
        if (live && currentSession()?.user.uuid === userId) updateSession(user ? { user, menus } : { menus })
      } catch {
        // Offline or refused (a 401 ends the session elsewhere): keep what is stored.
      }
    }
    void refresh()
    const onVisible = () => document.visibilityState === 'visible' && void refresh()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      live = false
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [userId, landlord])
}
