import { useEffect } from 'react'
import { call } from '../../api/client'
import { menusAvailable } from '../../contract/endpoints/configuration'
import type { MenuItem } from '../../contract/rules/menus'
import { menusFor } from '../../contract/rules/menus'
import { currentSession, updateSession } from '../../session/session-store'
import { useSession } from '../../session/use-session'

/**
 * The sidebar (SPEC §2: menus fetched per user). Fetched after sign-in and kept with the session
 * so it shows offline; until the first answer, it is worked out from the session's permissions.
 */
export function useMenus(): MenuItem[] {
  const session = useSession()
  const userId = session?.user.uuid
  useEffect(() => {
    if (!userId) return
    const controller = new AbortController()
    call(menusAvailable, { signal: controller.signal })
      .then((menus) => {
        if (currentSession()?.user.uuid === userId) updateSession({ menus })
      })
      .catch(() => {
        // Offline or refused: the stored (or derived) menus stay.
      })
    return () => controller.abort()
  }, [userId])
  if (!session) return []
  return session.menus ?? menusFor(new Set(session.user.permissions))
}
