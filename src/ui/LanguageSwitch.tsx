import { useLingui } from '@lingui/react/macro'
import { activateLanguage, type Language } from '../i18n/language'
import './components.css'

const OPTIONS: { language: Language; label: string }[] = [
  { language: 'es', label: 'Español' },
  // Each option is named in its own language, so anyone can find theirs.
  { language: 'en', label: 'English' },
]

export function LanguageSwitch() {
  const { i18n, t } = useLingui()
  return (
    <fieldset className="language-switch" aria-label={t`Idioma`} style={{ margin: 0, padding: 0 }}>
      {OPTIONS.map(({ language, label }) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-switch__option"
          aria-pressed={i18n.locale === language}
          onClick={() => void activateLanguage(language)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  )
}
