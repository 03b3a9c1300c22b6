/**
 * SPEC §2: after every navigation the page scrolls to the top. Not after the first: a page just
 * loaded is at the top already, and the scroll forced a layout of the whole page (about 45 ms of a
 * cold start at 4× CPU throttle, issue 17).
 */
export function scrollToTopAfter(
  { fromLocation, pathChanged }: { fromLocation?: unknown; pathChanged: boolean },
  scroll: (options: ScrollToOptions) => void = (options) => window.scrollTo(options),
): void {
  if (pathChanged && fromLocation) scroll({ top: 0 })
}
