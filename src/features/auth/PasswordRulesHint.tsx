import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { brokenPasswordRules, type PasswordRule } from '../../contract/schemas/password'

const RULES = {
  length: msg`Al menos 8 caracteres`,
  upper: msg`Una mayúscula`,
  lower: msg`Una minúscula`,
  number: msg`Un número`,
  special: msg`Un carácter especial`,
} as const

/** The password rules, each ticked as the typed password meets it. */
export function PasswordRulesHint({ password }: { password: string }) {
  const { i18n } = useLingui()
  const broken = new Set(brokenPasswordRules(password))
  return (
    <ul className="password-rules" aria-live="polite">
      {(Object.keys(RULES) as PasswordRule[]).map((rule) => (
        <li key={rule} data-met={!broken.has(rule)}>
          {i18n._(RULES[rule])}
        </li>
      ))}
    </ul>
  )
}
