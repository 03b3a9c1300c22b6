import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { call } from '../../api/client'
import { acceptPrivacyNotice, getPrivacyNotice } from '../../contract/endpoints/authentication'
import { updateSession } from '../../session/session-store'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { Checkbox } from '../../ui/Checkbox'
import { errorMessage } from '../../ui/form/error-message'
import { Spinner } from '../../ui/Spinner'
import { AuthCard } from './AuthCard'

interface Notice {
  version: number
  text: string
  accepted: boolean
}

/** SPEC §2 /notice_privacy: the tenant's current privacy notice, accepted before going on. */
export function NoticePrivacyPage({ onAccepted }: { onAccepted: () => void }) {
  const { t, i18n } = useLingui()
  const [notice, setNotice] = useState<Notice | null>(null)
  const [agreed, setAgreed] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    call(getPrivacyNotice)
      .then(setNotice)
      .catch((error: unknown) => setFailure(errorMessage(error, i18n)))
  }, [i18n])

  const accept = async () => {
    if (!notice) return
    setSending(true)
    setFailure(null)
    try {
      await call(acceptPrivacyNotice, { body: { accept_notice_policy: true, version: notice.version } })
      updateSession({ noticePending: false })
      onAccepted()
    } catch (error) {
      setFailure(errorMessage(error, i18n))
    } finally {
      setSending(false)
    }
  }

  return (
    <AuthCard title={t`Aviso de privacidad`}>
      <div className="login__form">
        {!notice && !failure && <Spinner />}
        {notice && (
          <>
            <div className="notice-text">
              {notice.text.split('\n').map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <Checkbox
              label={t`He leído y acepto el aviso de privacidad`}
              checked={agreed}
              onCheckedChange={(checked) => setAgreed(checked === true)}
            />
          </>
        )}
        {failure && <Alert>{failure}</Alert>}
        <Button type="button" block disabled={!agreed || !notice} loading={sending} onClick={accept}>
          <Trans>Aceptar y continuar</Trans>
        </Button>
      </div>
    </AuthCard>
  )
}
