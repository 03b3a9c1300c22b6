import type { ReactNode } from 'react'
import './components.css'

/** A screen's title with its actions (create, download) on the right. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1 className="page-header__title">{title}</h1>
      {children && <div className="page-header__actions">{children}</div>}
    </header>
  )
}
