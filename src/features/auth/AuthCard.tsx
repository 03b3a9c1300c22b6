import type { ReactNode } from 'react'
import { LanguageSwitch } from '../../ui/LanguageSwitch'
import './login.css'

/** The frame of the pages before sign-in: language switch, the product mark and a card. */
export function AuthCard({
  title,
  children,
  brand,
}: {
  title: ReactNode
  children: ReactNode
  brand?: ReactNode
}) {
  return (
    <main className="login">
      <div className="login__language">
        <LanguageSwitch />
      </div>
      <section className="login__card" aria-labelledby="auth-title">
        <header className="login__brand">
          {brand ?? <img className="login__logo" src="/icons/favicon.svg" alt="" />}
          <h1 id="auth-title" className="login__title">
            {title}
          </h1>
        </header>
        {children}
      </section>
    </main>
  )
}
