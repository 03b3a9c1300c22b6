import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { watchBrowserConnection } from './api/connection'
import { activateLanguage, storedLanguage } from './i18n/language'
import { router } from './router'
import { onSessionEnd } from './session/end-session'
import { installSession } from './session/install'
import './ui/theme.css'

async function start() {
  installSession()
  watchBrowserConnection()
  // A session that ends (expired, refused refresh, 401) goes back to login, wherever the user was.
  onSessionEnd(() => void router.navigate({ to: '/' }))
  await activateLanguage(storedLanguage())
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
