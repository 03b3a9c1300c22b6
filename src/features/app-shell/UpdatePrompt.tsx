import { useRegisterSW } from 'virtual:pwa-register/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { canReloadNow } from '../../sync/can-reload'
import { Toast } from '../../ui/Toast'

/**
 * Offers a new version when the service worker has one waiting. It reloads only when the user
 * accepts, and not while work could be lost (canReloadNow).
 */
export function UpdatePrompt() {
  const { t } = useLingui()
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW()

  const update = () => {
    if (canReloadNow()) void updateServiceWorker(true)
  }
  return (
    <Toast
      open={needRefresh}
      onOpenChange={setNeedRefresh}
      duration={Number.POSITIVE_INFINITY}
      message={<Trans>Hay una nueva versión disponible</Trans>}
      action={{ label: <Trans>Actualizar</Trans>, altText: t`Actualizar la aplicación`, onClick: update }}
    />
  )
}
