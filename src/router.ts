import { createRouter } from '@tanstack/react-router'
import type { SingleAccess } from './contract/endpoints/define'
import { RouteErrorPage } from './features/app-shell/RouteErrorPage'
import { rememberResolved } from './router-history'
import { scrollToTopAfter } from './router-scroll'
import { routeTree } from './routeTree.gen'

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  // A screen that fails shows our page in its place, in the user's language, inside its layout.
  defaultErrorComponent: RouteErrorPage,
})

router.subscribe('onResolved', (event) => {
  rememberResolved(event.toLocation.href)
  scrollToTopAfter(event)
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
  interface StaticDataRouteOption {
    /** The permission a route needs, named as the route (SPEC §2), or who may open it. */
    permission?: SingleAccess
  }
}
