import { useEffect } from 'react'
import { hasRoleMode } from '../../contract/rules/permissions'
import { useSession } from '../../session/use-session'

/**
 * Issue 17: the service worker's install leaves the staff screens out (a patient's phone never
 * needs them). Once a professional — anyone with more than the patient mode's permissions — is
 * signed in on this device, the page asks the service worker to cache them, so every staff
 * screen opens offline afterwards. Asked at every start of the signed-in shell: the service
 * worker skips what it already holds, and a new version's chunks are fetched after an update.
 */
export function useStaffScreensCached(): void {
  const session = useSession()
  const staff = hasRoleMode(session?.user.permissions ?? [])
  useEffect(() => {
    if (!staff || !('serviceWorker' in navigator)) return
    void navigator.serviceWorker.ready.then((registration) =>
      registration.active?.postMessage({ type: 'CACHE_STAFF_SCREENS' }),
    )
  }, [staff])
}
