import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppLayout } from '../features/app-shell/AppLayout'
import { loadSignedInMessages } from '../i18n/language'
import { lastResolved } from '../router-history'
import { reportDenied } from '../session/denials'
import { checkRouteAccess, homeRoute } from '../session/guard'
import { currentSession } from '../session/session-store'

/**
 * The signed-in layout and its guard (SPEC §2/§6): each screen below names its permission in
 * `staticData`; without it the permission dialog shows and the user stays where they were. The
 * signed-in screens' messages (a catalogue apart from the sign-in page's) are loaded before it
 * renders, alongside the access check; someone sent back to the sign-in never downloads them.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ matches, location, preload }) => {
    const screen = [...matches].reverse().find((match) => match.staticData?.permission)
    const messages = currentSession() ? loadSignedInMessages() : null
    // Awaited below when the screen opens; otherwise its failure matters to no one.
    messages?.catch(() => undefined)
    const outcome = await checkRouteAccess(screen?.staticData.permission, location.pathname)
    if (outcome.kind === 'allow') {
      await (messages ?? loadSignedInMessages())
      return
    }
    // A preload (a hovered link) decides nothing: the real navigation is checked again.
    if (preload) return
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
