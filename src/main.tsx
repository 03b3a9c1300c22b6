import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { watchBrowserConnection } from './api/connection'
import { activateLanguage, loadSignedInMessages, storedLanguage } from './i18n/language'
import { router } from './router'
import { onSessionEnd } from './session/end-session'
import { installSession } from './session/install'
import { currentSession } from './session/session-store'
import './ui/theme.css'

async function start() {
  installSession()
  watchBrowserConnection()
  // A session that ends (expired, refused refresh, 401) goes back to login, wherever the user was.
  onSessionEnd(() => void router.navigate({ to: '/' }))
  const language = activateLanguage(storedLanguage())
  // A session means a signed-in screen comes next: its messages load alongside the sign-in
  // page's part (DESIGN §7), not once the route's chunks are in. A failure is retried by the
  // signed-in layout, which awaits them.
  if (currentSession()) loadSignedInMessages().catch(() => undefined)
  await language
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  )
}

void start()
