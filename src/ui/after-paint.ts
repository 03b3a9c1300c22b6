/**
 * Resolves once the browser has painted what is on screen now (the next frame, then a task), so
 * that work that can wait — loading the rest of a list, starting the sync — never delays the
 * first paint. A hidden page paints no frames: there it resolves on the next task.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') setTimeout(resolve)
    else requestAnimationFrame(() => setTimeout(resolve))
  })
}
