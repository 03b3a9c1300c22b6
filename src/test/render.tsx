import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { activateLanguage, type Language, loadSignedInMessages } from '../i18n/language'

/**
 * Renders a screen the way the app does: with the chosen language's catalog active, the signed-in
 * screens' part included (the signed-in layout loads it; a public page's tests see it too).
 */
export async function renderWithI18n(ui: ReactElement, language: Language = 'es') {
  await loadSignedInMessages()
  await activateLanguage(language)
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)
}

type Answer = { status?: number; body: unknown } | 'network-error'

/**
 * Stubs the network at its edge (global fetch): each request is answered by the first route whose
 * path matches; requests are recorded for assertions.
 */
export function stubApi(routes: Record<string, Answer | ((request: Request) => Answer)>) {
  const requests: Request[] = []
  const bodies: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init)
      requests.push(request)
      bodies.push(await request.clone().text())
      const path = new URL(request.url).pathname
      const route = routes[path]
      const answer = typeof route === 'function' ? route(request) : route
      if (!answer || answer === 'network-error') throw new TypeError('Failed to fetch')
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  /** The JSON body sent with the first request to a path. */
  const bodyOf = (path: string): unknown => {
    const index = requests.findIndex((r) => new URL(r.url).pathname === path)
    return index < 0 ? undefined : JSON.parse(bodies[index] ?? 'null')
  }
  return { requests, bodyOf }
}
