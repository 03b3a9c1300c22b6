import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../features/app-shell/AppLayout'
import { lastResolved } from '../router-history'
import { reportDenied } from '../session/denials'
import { checkRouteAccess, homeRoute } from '../session/guard'
import { currentSession } from '../session/session-store'

/**
 * The signed-in layout and its guard (SPEC §2/§6): each screen below names its permission in
 * `staticData`; without it the permission dialog shows and the user stays where they were.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ matches, location, preload }) => {
    const screen = [...matches].reverse().find((match) => match.staticData?.permission)
    const outcome = await checkRouteAccess(screen?.staticData.permission, location.pathname)
    // A preload (a hovered link) decides nothing: the real navigation is checked again.
    if (outcome.kind === 'allow' || preload) return
    if (outcome.kind === 'login') throw redirect({ to: '/' })
    if (outcome.kind === 'redirect') throw redirect({ to: outcome.to })
    reportDenied()
    const previous = lastResolved()
    if (previous && previous !== location.href && !previous.startsWith('/?') && previous !== '/') {
      throw redirect({ href: previous })
    }
    const user = currentSession()?.user
    throw redirect({ to: homeRoute(user?.permissions ?? [], user?.patient_id ?? null, false) })
  },
  component: AppLayout,
})
