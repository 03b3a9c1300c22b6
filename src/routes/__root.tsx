import { createRootRoute, Outlet } from '@tanstack/react-router'
import { NotFoundPage } from '../features/app-shell/NotFoundPage'
import { UpdatePrompt } from '../features/app-shell/UpdatePrompt'
import { ToastProvider } from '../ui/Toast'

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})

function RootLayout() {
  return (
    <ToastProvider>
      <Outlet />
      <UpdatePrompt />
    </ToastProvider>
  )
}
