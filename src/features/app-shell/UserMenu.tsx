import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { DropdownMenu } from 'radix-ui'
import { activateLanguage, type Language } from '../../i18n/language'
import type { Mode } from '../../session/mode'

// Each language is named in its own language, so anyone can find theirs.
const LANGUAGES: { language: Language; label: string }[] = [
  { language: 'es', label: 'Español' },
  { language: 'en', label: 'English' },
]

export interface UserMenuProps {
  fullName: string
  roleName: string | null
  /** The profile screen is offered only with its permission. */
  canEditProfile: boolean
  /** The current mode, when the user may switch between role and patient (SPEC §1). */
  mode: Mode | null
  onSwitchMode: () => void
  onSignOut: () => void
}

const initialsOf = (fullName: string) =>
  fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('')

/**
 * The header's user menu: who is signed in, the profile, the mode switch, the language and
 * signing out, behind one button so the header stays one row on a tablet and a phone.
 */
export function UserMenu({
  fullName,
  roleName,
  canEditProfile,
  mode,
  onSwitchMode,
  onSignOut,
}: UserMenuProps) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="user-menu__trigger" aria-label={t`Tu cuenta: ${fullName}`}>
        <span className="user-menu__initials" aria-hidden="true">
          {initialsOf(fullName)}
        </span>
        <span className="user-menu__name" aria-hidden="true">
          {fullName}
        </span>
        <span className="user-menu__caret" aria-hidden="true">
          ▾
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu user-menu" align="end" sideOffset={4} collisionPadding={8}>
          <DropdownMenu.Label className="user-menu__who">
            <strong>{fullName}</strong>
            {roleName && <small>{roleName}</small>}
          </DropdownMenu.Label>
          {canEditProfile && (
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate({ to: '/profile' })}>
              <Trans>Mi perfil</Trans>
            </DropdownMenu.Item>
          )}
          {mode && (
            <DropdownMenu.Item className="menu__item" onSelect={onSwitchMode}>
              {mode === 'role' ? <Trans>Modo paciente</Trans> : <Trans>Modo profesional</Trans>}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Label className="user-menu__group">
            <Trans>Idioma</Trans>
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={i18n.locale}
            // The group's values are the LANGUAGES below, so the string is one of them.
            onValueChange={(language) => void activateLanguage(language as Language)}
          >
            {LANGUAGES.map(({ language, label }) => (
              <DropdownMenu.RadioItem
                key={language}
                value={language}
                lang={language}
                className="menu__item"
                // Choosing a language keeps the menu open: its own texts change before the eyes.
                onSelect={(event) => event.preventDefault()}
              >
                <DropdownMenu.ItemIndicator className="user-menu__check">✓</DropdownMenu.ItemIndicator>
                {label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="menu__separator" />
          <DropdownMenu.Item className="menu__item" data-tone="danger" onSelect={onSignOut}>
            <Trans>Cerrar sesión</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
