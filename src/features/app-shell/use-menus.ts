import type { MenuItem } from '../../contract/rules/menus'
import { menusFor } from '../../contract/rules/menus'
import { useSession } from '../../session/use-session'
import { useFreshUser } from './use-fresh-user'

/**
 * The sidebar (SPEC §2: menus fetched per user), kept with the session so it shows offline;
 * until the first answer it is worked out from the session's permissions.
 */
export function useMenus(): MenuItem[] {
  const session = useSession()
  useFreshUser(session?.user.uuid, session?.isLandlord ?? false)
  if (!session) return []
  return session.menus ?? menusFor(new Set(session.user.permissions))
}
