/** The last location the router finished showing: where a refused navigation stays (SPEC §6). */
let lastResolvedHref: string | null = null

export const lastResolved = () => lastResolvedHref

export function rememberResolved(href: string): void {
  lastResolvedHref = href
}
